import { describe, expect, it } from 'vitest';
import { onDemand } from './on-demand';

const Dialog = () => null;

describe('onDemand', () => {
  it('asks once for callers that wait together, then hands the component over at once', async () => {
    let calls = 0;
    const part = onDemand(async () => {
      calls += 1;
      return { default: Dialog };
    });
    expect(part.isLoaded()).toBe(false);
    expect(part({})).toBeNull();
    await Promise.all([part.load(), part.load()]);
    expect(part.isLoaded()).toBe(true);
    expect((part({}) as { type: unknown }).type).toBe(Dialog);
    await part.load();
    expect(calls).toBe(1);
  });

  it('forgets a failed load, so the next call asks again (a phone back on the network)', async () => {
    let calls = 0;
    const part = onDemand(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Dialog };
    });
    await expect(part.load()).rejects.toThrow('Failed to fetch');
    expect(part.isLoaded()).toBe(false);
    await part.load();
    expect(part.isLoaded()).toBe(true);
    expect(calls).toBe(2);
  });
});
