import { describe, expect, it, vi } from 'vitest';
import type { MessageApi, ModalApi } from './feedback';

/** A fresh copy of the module per test: the queue and the instances are module state. */
async function freshFeedback() {
  vi.resetModules();
  return import('./feedback');
}

function fakeInstances() {
  const shown: string[] = [];
  const handle = (text: string) =>
    Object.assign(() => shown.push(`closed ${text}`), {
      then: (fill: (value: boolean) => unknown) => Promise.resolve(true).then(fill),
    });
  const message = {
    success: (content: unknown) => (shown.push(`success ${String(content)}`), handle(String(content))),
    error: (args: { content: string }) => (shown.push(`error ${args.content}`), handle(args.content)),
    destroy: (key?: unknown) => shown.push(`destroy ${String(key)}`),
  } as unknown as MessageApi;
  const update = vi.fn();
  const destroy = vi.fn();
  const modal = {
    confirm: (config: { title: string }) => {
      shown.push(`confirm ${config.title}`);
      return {
        update,
        destroy,
        then: (fill: (value: boolean) => unknown) => Promise.resolve(true).then(fill),
      };
    },
  } as unknown as ModalApi;
  return { shown, message, modal, update, destroy };
}

describe('feedback before and after antd’s App is in', () => {
  it('asks for the host once and shows queued calls in order when it arrives', async () => {
    const { feedback, toastError, toastSuccess, attachFeedback, isFeedbackWanted, subscribeFeedbackWanted } =
      await freshFeedback();
    const wanted = vi.fn();
    subscribeFeedbackWanted(wanted);
    expect(isFeedbackWanted()).toBe(false);

    toastError('first');
    toastSuccess('second');
    void feedback.modal.confirm({ title: 'third' });
    expect(wanted).toHaveBeenCalledTimes(1);
    expect(isFeedbackWanted()).toBe(true);

    const fake = fakeInstances();
    attachFeedback({ message: fake.message, modal: fake.modal });
    expect(fake.shown).toEqual(['error first', 'success second', 'confirm third']);

    // Once attached, calls go straight through.
    toastSuccess('fourth');
    expect(fake.shown.at(-1)).toBe('success fourth');
  });

  it('drops a message closed before it was shown, and settles `then` for both', async () => {
    const { feedback, attachFeedback } = await freshFeedback();
    const dropped = feedback.message.success('dropped');
    const kept = feedback.message.success('kept');
    dropped();
    const fake = fakeInstances();
    attachFeedback({ message: fake.message, modal: fake.modal });
    expect(fake.shown).toEqual(['success kept']);
    await expect(Promise.resolve(dropped)).resolves.toBe(false);
    await expect(Promise.resolve(kept)).resolves.toBe(true);
  });

  it('applies a queued dialog’s update and destroy once it is open', async () => {
    const { feedback, attachFeedback } = await freshFeedback();
    const dialog = feedback.modal.confirm({ title: 'sure?' });
    dialog.update({ title: 'really?' });
    dialog.destroy();
    const fake = fakeInstances();
    attachFeedback({ message: fake.message, modal: fake.modal });
    expect(fake.update).toHaveBeenCalledWith({ title: 'really?' });
    expect(fake.destroy).toHaveBeenCalledTimes(1);
    await expect(
      dialog.then(
        (confirmed) => confirmed,
        () => undefined,
      ),
    ).resolves.toBe(true);
  });

  it('keeps the queue when antd’s App fails to load and asks again with the next call', async () => {
    const { toastError, attachFeedback, feedbackHostFailed, isFeedbackWanted, subscribeFeedbackWanted } =
      await freshFeedback();
    const wanted = vi.fn();
    subscribeFeedbackWanted(wanted);
    toastError('offline');
    feedbackHostFailed();
    expect(isFeedbackWanted()).toBe(false);
    toastError('still offline');
    expect(isFeedbackWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(3);
    const fake = fakeInstances();
    attachFeedback({ message: fake.message, modal: fake.modal });
    expect(fake.shown).toEqual(['error offline', 'error still offline']);
  });

  it('does not load antd’s App to close messages when none was asked for', async () => {
    const { feedback, isFeedbackWanted } = await freshFeedback();
    feedback.message.destroy('relogin');
    expect(isFeedbackWanted()).toBe(false);
  });
});
