import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { useErrorLogStore } from '@shared/stores/error-log-store';
import { HOME_PATH } from './route-table';

interface Props {
  children: ReactNode;
  /** A new key (another page) shows the children again. */
  resetKey: string;
}

interface State {
  error: Error | null;
  key: string;
}

/**
 * What a page that cannot be drawn shows instead: its code did not arrive (a lost connection, a
 * release that replaced the files) or it threw while rendering. The layout around it stays, so
 * the menu still works; other tabs keep their state. The error goes to the error log (spec §8).
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    useErrorLogStore.getState().add({
      kind: 'script',
      message: error instanceof Error ? error.message : String(error),
      where: location.pathname,
    });
  }

  override render() {
    return this.state.error ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page" role="alert">
      <h1>{t('errorPage.failedTitle')}</h1>
      <p>{t('errorPage.failedText')}</p>
      <div className="error-actions">
        <Button type="primary" onClick={() => location.reload()}>
          {t('errorPage.reload')}
        </Button>
        <Button onClick={() => navigate(HOME_PATH)}>{t('errorPage.home')}</Button>
      </div>
    </main>
  );
}
