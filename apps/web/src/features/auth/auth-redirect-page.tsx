import { useEffect } from 'react';
import { useNavigate } from '@shared/hooks/use-navigate';
import { PageSpinner } from '@shared/ui/page-spinner';

/**
 * Landing page of a sign-in that was started in another window (spec §2 keeps it public):
 * the query is handed to the opener, which finishes the login; without an opener we go to /login.
 */
export default function AuthRedirectPage() {
  const navigate = useNavigate();
  useEffect(() => {
    if (window.opener) {
      (window.opener as Window).location.href = `${location.origin}/login${location.search}`;
      window.close();
    } else {
      void navigate('/login', { replace: true });
    }
  }, [navigate]);
  return <PageSpinner />;
}
