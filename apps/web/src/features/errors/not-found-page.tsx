import { ErrorPage } from './error-page';

export default function NotFoundPage() {
  return <ErrorPage code="404" titleKey="errorPage.notFoundTitle" textKey="errorPage.notFoundText" />;
}
