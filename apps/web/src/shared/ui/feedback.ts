import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
export type MessageApi = AppApi['message'];
export type ModalApi = AppApi['modal'];
type MessageHandle = ReturnType<MessageApi['open']>;
type ModalHandle = ReturnType<ModalApi['confirm']>;
type ModalUpdate = Parameters<ModalHandle['update']>[0];

/** antd's instances, handed over by <FeedbackHost> once it has mounted inside the ConfigProvider. */
interface Instances {
  message: MessageApi;
  modal: ModalApi;
}

/*
 * Toasts and dialogs must follow the ConfigProvider's theme and locale, so they come from antd's
 * App hooks, not antd's static functions. The App with its dialog, notification and skeleton code
 * is ~20 KB gzip that no page needs before its first toast or dialog, so it is not in the entry:
 * the first call asks for it (shared/ui/feedback-host.tsx, mounted by app/providers.tsx) and waits
 * in a queue; the queue is shown in order once it is in. No message is lost, and the API client
 * and the guard (outside React) use the same instances as the pages.
 */
let instances: Instances | null = null;
const waiting: ((live: Instances) => void)[] = [];
const wantedListeners = new Set<() => void>();
let wanted = false;

function whenReady(call: (live: Instances) => void): void {
  if (instances) {
    call(instances);
    return;
  }
  waiting.push(call);
  // Also after a failed load: a new call is a new try.
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
}

/** Called by <FeedbackHost>: from now on calls go straight to antd; the queue is shown first. */
export function attachFeedback(live: Instances | null): void {
  instances = live;
  if (live) for (const call of waiting.splice(0)) call(live);
}

/**
 * antd's App could not be loaded (a phone that lost its connection, a deploy that replaced the
 * chunk): the queue stays, and the next toast or dialog asks again. The page itself keeps running.
 */
export function feedbackHostFailed(): void {
  wanted = false;
  for (const listener of wantedListeners) listener();
}

/** Whether a toast or dialog has been asked for (app/providers.tsx mounts the host then). */
export const isFeedbackWanted = () => wanted;
export function subscribeFeedbackWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** A message shown later: closing it before then drops it; `then` waits for antd's own handle. */
function queuedMessage(show: (message: MessageApi) => MessageHandle): MessageHandle {
  let handle: MessageHandle | undefined;
  let closed = false;
  const done = new Promise<boolean>((resolve) =>
    whenReady((live) => {
      if (closed) return resolve(false);
      handle = show(live.message);
      void handle.then(resolve);
    }),
  );
  const close = () => {
    closed = true;
    handle?.();
  };
  return Object.assign(close, { then: done.then.bind(done) }) as MessageHandle;
}

type MessageMethod = Exclude<keyof MessageApi, 'destroy'>;
const messageMethod =
  <M extends MessageMethod>(method: M) =>
  (...args: Parameters<MessageApi[M]>): MessageHandle => {
    const show = (message: MessageApi) => (message[method] as (...a: typeof args) => MessageHandle)(...args);
    return instances ? show(instances.message) : queuedMessage(show);
  };

/** A dialog opened later: `update` and `destroy` wait for it; `then` settles as antd's does. */
function queuedModal(open: (modal: ModalApi) => ModalHandle): ModalHandle {
  let handle: ModalHandle | undefined;
  const pending: ((opened: ModalHandle) => void)[] = [];
  whenReady((live) => {
    handle = open(live.modal);
    for (const call of pending.splice(0)) call(handle);
  });
  const later = (call: (opened: ModalHandle) => void) => (handle ? call(handle) : pending.push(call));
  return {
    destroy: () => later((opened) => opened.destroy()),
    update: (config: ModalUpdate) => later((opened) => opened.update(config)),
    // Only when asked: antd's own `then` also changes how a failing onOk is reported (it stays quiet).
    then: <T>(resolve: (confirmed: boolean) => T, reject: () => void) =>
      new Promise<T>((settle) => later((opened) => settle(opened.then(resolve, reject)))),
  };
}

type ModalMethod = keyof ModalApi;
const modalMethod =
  (method: ModalMethod) =>
  (...args: Parameters<ModalApi[ModalMethod]>): ModalHandle => {
    const open = (modal: ModalApi) => modal[method](...args);
    return instances ? open(instances.modal) : queuedModal(open);
  };

export const feedback: Instances = {
  message: {
    open: messageMethod('open'),
    success: messageMethod('success'),
    error: messageMethod('error'),
    info: messageMethod('info'),
    warning: messageMethod('warning'),
    loading: messageMethod('loading'),
    // Nothing shown yet and nothing waiting: nothing to close, and no reason to load antd's App.
    destroy: (key) =>
      instances || waiting.length ? whenReady((live) => live.message.destroy(key)) : undefined,
  },
  modal: {
    confirm: modalMethod('confirm'),
    info: modalMethod('info'),
    success: modalMethod('success'),
    error: modalMethod('error'),
    warning: modalMethod('warning'),
  },
};

/** What `App.useApp()` gave the pages, without antd's App in the entry (stable across renders). */
export const useFeedback = (): Instances => feedback;

/** Spec §8/§9: error toasts stay 5000 ms. */
export const TOAST_SECONDS = 5;

/**
 * An error toast for 5 s. With a `key`, a new toast replaces the one still showing under the
 * same key instead of stacking below it (a dialog that refuses several tries in a row).
 */
export function toastError(text: string, key?: string): void {
  void feedback.message.error({ content: text, duration: TOAST_SECONDS, key });
}

export function toastSuccess(text: string): void {
  void feedback.message.success(text);
}
