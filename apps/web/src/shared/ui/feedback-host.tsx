import { useEffect } from 'react';
import { App } from 'antd';
import { attachFeedback } from './feedback';

function Bridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    attachFeedback({ message, modal });
    return () => attachFeedback(null);
  }, [message, modal]);
  return null;
}

/**
 * antd's App for toasts and dialogs, loaded with the first one (shared/ui/feedback.ts). It wraps
 * nothing (`component={false}`): the page tree does not move when it mounts.
 */
export default function FeedbackHost() {
  return (
    <App component={false}>
      <Bridge />
    </App>
  );
}
