import { PENDING_ORDER_CODES } from '@partsportal/contract/orders';
import { describe, expect, it } from 'vitest';
import { findRoute, LEAF_ROUTES } from './route-table';

/** Spec §2: every main-layout route and its permission code. */
const SPEC_ROUTES: [string, string[] | undefined][] = [
  ['/cart/index', ['1006']],
  ['/cart/submit', ['1006']],
  ['/cart/submitConfirm', ['1006']],
  ['/cart/pay', ['1006']],
  ['/export/index', ['1003']],
  ['/export/detail', ['1003']],
  ['/finance/account', ['1004']],
  ['/finance/paymentdays', ['1005']],
  ['/notice/index', ['1007']],
  ['/notice/detail', ['1007']],
  ['/order/index', ['1002']],
  ['/order/detail', ['1002']],
  ['/order/detailSearch', ['1008']],
  ['/Payment/index', undefined],
  ['/Payment/detail', undefined],
  ['/product/index', ['1001']],
  ['/product/detail', ['1001']],
  ['/sales/index', ['1009']],
  ['/sales/detail', ['1009']],
  ['/sales/detailSearch', ['1010']],
  ['/personalCenter/address', undefined],
  ['/stockProduct/index', ['1011']],
  ['/proCFreight/index', ['9002402']],
  ['/proCFreight/ProCFreightDetail', ['9002402']],
  ['/pur/index', ['1012']],
  ['/pur/detail', ['1012']],
  ['/pur/detailSearch', ['1013']],
  ['/cart/paySuccess', undefined],
  ['/help/index', undefined],
];

describe('route table', () => {
  it.each(SPEC_ROUTES)('has %s with codes %j', (path, codes) => {
    const route = findRoute(path);
    expect(route, path).toBeDefined();
    expect(route?.menus ? [...route.menus] : undefined).toEqual(codes);
  });

  it('gives the pending-orders page the codes its calls need (not in the spec table: its data needs them)', () => {
    expect(findRoute('/personalCenter/index')?.menus).toEqual([...PENDING_ORDER_CODES]);
  });

  it('has a single pinned, non-cached dashboard', () => {
    const affix = LEAF_ROUTES.filter((r) => r.affix);
    expect(affix.map((r) => r.path)).toEqual(['/dashboard']);
    expect(affix[0]?.noCache).toBe(true);
  });

  it('gives every leaf its page (there is no placeholder page)', () => {
    expect(LEAF_ROUTES.filter((route) => !route.page).map((route) => route.path)).toEqual([]);
  });

  it('has unique paths', () => {
    const paths = LEAF_ROUTES.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('finds routes case-insensitively and ignores a trailing slash', () => {
    expect(findRoute('/payment/index')?.path).toBe('/Payment/index');
    expect(findRoute('/product/index/')?.path).toBe('/product/index');
    expect(findRoute('/nope')).toBeUndefined();
  });
});
