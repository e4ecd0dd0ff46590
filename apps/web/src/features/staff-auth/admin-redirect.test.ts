import { describe, expect, it } from 'vitest';
import { safeAdminRedirect } from './admin-redirect';

describe('safeAdminRedirect', () => {
  it('keeps back-office paths', () => {
    expect(safeAdminRedirect('/admin/staff')).toBe('/admin/staff');
    expect(safeAdminRedirect('/admin/audit?actor=staff')).toBe('/admin/audit?actor=staff');
  });

  it('sends anything else to /admin', () => {
    for (const bad of [
      null,
      '',
      '/',
      '/login',
      '//evil.example/admin',
      'https://evil.example',
      '/administrator',
      '/admin/login?x=1',
      '/\\evil',
    ])
      expect(safeAdminRedirect(bad)).toBe('/admin');
  });
});
