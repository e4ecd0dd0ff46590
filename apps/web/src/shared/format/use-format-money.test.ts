import { afterEach, describe, expect, it, vi } from 'vitest';

describe('warmNumberFormat', () => {
  /** Counts the number formats created (a subclass: spies cannot stand in for a constructor). */
  function countFormats(): { count: number } {
    const counter = { count: 0 };
    const Original = Intl.NumberFormat;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        counter.count += 1;
      }
    }
    vi.stubGlobal('Intl', { ...Intl, NumberFormat: Counting });
    return counter;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.resetModules();
  });

  it('creates one number format in a task of its own, once per page load', async () => {
    vi.useFakeTimers();
    const { warmNumberFormat } = await import('./use-format-money');
    const created = countFormats();
    warmNumberFormat();
    expect(created.count).toBe(0);
    vi.runAllTimers();
    expect(created.count).toBe(1);
    warmNumberFormat();
    vi.runAllTimers();
    expect(created.count).toBe(1);
  });

  it('does nothing when the layout goes before the task runs, and warms up on the next mount', async () => {
    vi.useFakeTimers();
    const { warmNumberFormat } = await import('./use-format-money');
    const created = countFormats();
    warmNumberFormat()();
    vi.runAllTimers();
    expect(created.count).toBe(0);
    warmNumberFormat();
    vi.runAllTimers();
    expect(created.count).toBe(1);
  });
});
