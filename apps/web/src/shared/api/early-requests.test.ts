import { describe, expect, it } from 'vitest';
import { startEarlyRequest, takeEarlyRequest } from './early-requests';

describe('early requests', () => {
  it('hands a started request to one taker, by path and body', async () => {
    startEarlyRequest('/Web/GetDashboard', {}, () => Promise.resolve('figures'));
    expect(takeEarlyRequest('/Web/GetDashboard', { other: 1 })).toBeUndefined();
    await expect(takeEarlyRequest('/Web/GetDashboard', {})).resolves.toBe('figures');
    expect(takeEarlyRequest('/Web/GetDashboard', {})).toBeUndefined();
  });

  it('keeps a failure for its taker without an unhandled rejection', async () => {
    startEarlyRequest('/x', undefined, () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarlyRequest('/x', {})).rejects.toThrow('offline');
  });
});
