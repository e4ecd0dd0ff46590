import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearEarlyRequests, EARLY_REQUEST_MS, startEarlyRequest, takeEarlyRequest } from './early-requests';
import { useSessionStore } from '../stores/session-store';

describe('early requests', () => {
  afterEach(() => {
    vi.useRealTimers();
    clearEarlyRequests();
  });

  it('hands a started request to one taker, by path and body', async () => {
    startEarlyRequest('/Web/GetDashboard', {}, () => Promise.resolve('figures'));
    expect(takeEarlyRequest('/Web/GetDashboard', { other: 1 })).toBeUndefined();
    await expect(takeEarlyRequest('/Web/GetDashboard', {})).resolves.toBe('figures');
    expect(takeEarlyRequest('/Web/GetDashboard', {})).toBeUndefined();
  });

  it('starts one request for a second start while the first runs untaken (a redirect navigates twice)', async () => {
    let calls = 0;
    const start = () => Promise.resolve(`answer ${++calls}`);
    startEarlyRequest('/Web/GetDashboard', {}, start);
    startEarlyRequest('/Web/GetDashboard', {}, start);
    expect(calls).toBe(1);
    await expect(takeEarlyRequest('/Web/GetDashboard', {})).resolves.toBe('answer 1');
    // Taken: the next start is a new request.
    startEarlyRequest('/Web/GetDashboard', {}, start);
    expect(calls).toBe(2);
  });

  it('keeps a failure for its taker without an unhandled rejection', async () => {
    startEarlyRequest('/x', undefined, () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarlyRequest('/x', {})).rejects.toThrow('offline');
  });

  it('does not hand over a request nobody took for EARLY_REQUEST_MS (the page asks anew)', async () => {
    vi.useFakeTimers();
    startEarlyRequest('/Web/GetProductList', { page: 1 }, () => Promise.resolve('old rows'));
    vi.advanceTimersByTime(EARLY_REQUEST_MS - 1);
    await expect(takeEarlyRequest('/Web/GetProductList', { page: 1 })).resolves.toBe('old rows');
    startEarlyRequest('/Web/GetProductList', { page: 1 }, () => Promise.resolve('old rows'));
    vi.advanceTimersByTime(EARLY_REQUEST_MS);
    expect(takeEarlyRequest('/Web/GetProductList', { page: 1 })).toBeUndefined();
  });

  it("never hands the previous session's request to the next sign-in or after a logout", () => {
    vi.stubGlobal('document', { cookie: '' });
    startEarlyRequest('/Web/GetCartList/0', {}, () => Promise.resolve("user A's cart"));
    useSessionStore.getState().setToken('token of user B');
    expect(takeEarlyRequest('/Web/GetCartList/0', {})).toBeUndefined();
    startEarlyRequest('/Web/GetCartList/0', {}, () => Promise.resolve("user B's cart"));
    useSessionStore.getState().resetLocal();
    expect(takeEarlyRequest('/Web/GetCartList/0', {})).toBeUndefined();
    vi.unstubAllGlobals();
  });
});
