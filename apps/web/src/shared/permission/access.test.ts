import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filterRoutes, hasAnyCode, hasAnyTag, isAdmin, type FilterableRoute } from './access';

interface R extends FilterableRoute {
  id: string;
  children?: R[];
}

const table: R[] = [
  { id: 'dashboard' },
  { id: 'catalog', menus: ['1001'] },
  {
    id: 'order',
    children: [
      { id: 'orderSearch', menus: ['1002'] },
      { id: 'detailSearch', menus: ['1008'] },
      { id: 'delivery', menus: ['1003'] },
    ],
  },
  {
    id: 'finance',
    menus: ['1004', '1005'],
    children: [{ id: 'payment' }, { id: 'account', menus: ['1004'] }],
  },
  { id: 'personal', children: [{ id: 'pending' }, { id: 'address', needsShowAddress: true }] },
];

const ids = (routes: R[]): string[] => routes.flatMap((r) => [r.id, ...(r.children ? ids(r.children) : [])]);

describe('hasAnyCode', () => {
  it('passes with no requirement, any held code, or admin', () => {
    expect(hasAnyCode(undefined, [])).toBe(true);
    expect(hasAnyCode([], [])).toBe(true);
    expect(hasAnyCode(['1004', '1005'], ['1005'])).toBe(true);
    expect(hasAnyCode(['1004', '1005'], ['1001'])).toBe(false);
    expect(hasAnyCode(['1004'], [], true)).toBe(true);
  });

  it('is true exactly when the two lists intersect (property)', () => {
    const code = fc.constantFrom('1001', '1002', '1003', '1004', '9002402');
    fc.assert(
      fc.property(fc.array(code, { minLength: 1 }), fc.array(code), (required, held) => {
        expect(hasAnyCode(required, held)).toBe(required.some((c) => held.includes(c)));
      }),
    );
  });
});

describe('filterRoutes', () => {
  it('keeps routes whose codes the user holds any of, and filters children', () => {
    const result = filterRoutes(table, { menus: ['1001', '1008'] });
    expect(ids(result)).toEqual(['dashboard', 'catalog', 'order', 'detailSearch', 'personal', 'pending']);
  });

  it('shows the finance group with 1004 or 1005, and filters its children', () => {
    expect(ids(filterRoutes(table, { menus: ['1005'] }))).toContain('payment');
    expect(ids(filterRoutes(table, { menus: ['1005'] }))).not.toContain('account');
    expect(ids(filterRoutes(table, { menus: ['1004'] }))).toEqual(
      expect.arrayContaining(['finance', 'payment', 'account']),
    );
    expect(ids(filterRoutes(table, { menus: ['1001'] }))).not.toContain('finance');
  });

  it('drops a group left without children', () => {
    expect(ids(filterRoutes(table, { menus: ['1001'] }))).not.toContain('order');
  });

  it('shows the address entry only with show_address', () => {
    expect(ids(filterRoutes(table, { menus: ['1001'], show_address: true }))).toContain('address');
    expect(ids(filterRoutes(table, { menus: ['1001'], show_address: false }))).not.toContain('address');
  });

  it('lets admin see everything, even with no menus', () => {
    expect(ids(filterRoutes(table, { menus: [], roles: ['admin'] }))).toEqual(ids(table));
  });

  it('does not change the input table', () => {
    const before = JSON.stringify(table);
    filterRoutes(table, { menus: ['1002'] });
    expect(JSON.stringify(table)).toBe(before);
  });
});

describe('hasAnyTag', () => {
  it('is an any-of check on tags; admin passes; nobody signed in fails', () => {
    expect(hasAnyTag(['export', 'print'], { menus: [], tags: ['print'] })).toBe(true);
    expect(hasAnyTag(['export'], { menus: [], tags: ['print'] })).toBe(false);
    expect(hasAnyTag(['export'], { menus: [], tags: [], roles: ['admin'] })).toBe(true);
    expect(hasAnyTag(['export'], null)).toBe(false);
    expect(hasAnyTag([], { menus: [], tags: [] })).toBe(true);
  });

  it('recognises admin only by role', () => {
    expect(isAdmin({ roles: ['admin'] })).toBe(true);
    expect(isAdmin({ roles: ['buyer'] })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
