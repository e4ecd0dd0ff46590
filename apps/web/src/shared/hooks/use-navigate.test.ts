import { describe, expect, it } from 'vitest';
import { navigateWith } from './use-navigate';

/** A navigator that writes down what it was asked. */
function recorder() {
  const calls: unknown[][] = [];
  const navigator = {
    push: (...args: unknown[]) => void calls.push(['push', ...args]),
    replace: (...args: unknown[]) => void calls.push(['replace', ...args]),
    go: (...args: unknown[]) => void calls.push(['go', ...args]),
  };
  return { calls, navigate: navigateWith(navigator) };
}

describe('navigateWith', () => {
  it('pushes a path, replaces it when asked, and hands the state on', () => {
    const { calls, navigate } = recorder();
    navigate('/order/detail?id=7');
    navigate('/login', { replace: true });
    navigate({ pathname: '/cart/index', search: '?tab=file' }, { state: { from: 'menu' } });
    expect(calls).toEqual([
      ['push', '/order/detail?id=7', undefined],
      ['replace', '/login', undefined],
      ['push', { pathname: '/cart/index', search: '?tab=file' }, { from: 'menu' }],
    ]);
  });

  it('goes back through the history for a number', () => {
    const { calls, navigate } = recorder();
    navigate(-1);
    expect(calls).toEqual([['go', -1]]);
  });

  it('refuses a relative path instead of going somewhere else', () => {
    const { calls, navigate } = recorder();
    expect(() => navigate('detail?id=7')).toThrow('"detail?id=7" is not an absolute path');
    expect(() => navigate({ pathname: '../index' })).toThrow('is not an absolute path');
    expect(calls).toEqual([]);
    // A change of query alone keeps the page's path.
    navigate({ search: '?page=2' });
    expect(calls).toEqual([['push', { search: '?page=2' }, undefined]]);
  });
});
