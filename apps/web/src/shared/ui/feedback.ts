import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * The API client and the guard live outside React but must show toasts and dialogs that
 * follow the ConfigProvider theme and locale; <FeedbackBridge> (inside antd's <App>) hands
 * them the hook instances here.
 */
interface Feedback {
  message: AppApi['message'] | null;
  modal: AppApi['modal'] | null;
}

export const feedback: Feedback = { message: null, modal: null };

/** Spec §8/§9: error toasts stay 5000 ms. */
export const TOAST_SECONDS = 5;

/**
 * An error toast for 5 s. With a `key`, a new toast replaces the one still showing under the
 * same key instead of stacking below it (a dialog that refuses several tries in a row).
 */
export function toastError(text: string, key?: string): void {
  if (feedback.message) void feedback.message.error({ content: text, duration: TOAST_SECONDS, key });
  else console.error(text);
}

export function toastSuccess(text: string): void {
  if (feedback.message) void feedback.message.success(text);
}
