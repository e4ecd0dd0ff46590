import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';

/** Shared frame of the 401 and 404 pages. */
export function ErrorPage({ code, titleKey, textKey }: { code: string; titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Spec §2: /401 is opened with noGoBack=true, where "back" would return to the refused page.
  const noGoBack = params.get('noGoBack') === 'true';
  return (
    <main className="error-page">
      <p className="error-code" aria-hidden="true">
        {code}
      </p>
      <h1>{t(titleKey)}</h1>
      <p>{t(textKey)}</p>
      <div className="error-actions">
        {!noGoBack && <Button onClick={() => void navigate(-1)}>{t('errorPage.back')}</Button>}
        <Button type="primary" onClick={() => void navigate('/dashboard')}>
          {t('errorPage.home')}
        </Button>
      </div>
    </main>
  );
}
