import { ErrorPage } from './error-page';

export default function NoPermissionPage() {
  return <ErrorPage code="401" titleKey="errorPage.noPermissionTitle" textKey="errorPage.noPermissionText" />;
}
