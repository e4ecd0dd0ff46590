import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/order/index?type=all')).toBe('/order/index?type=all');
  });
  it('refuses other sites, empty values and the login page itself', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login?redirect=/x',
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
