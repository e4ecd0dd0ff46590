import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@partsportal/contract/auth';
import { checkUserInfo, decideNavigation, type GuardInput } from './guard-decision';
import { LEAF_ROUTES } from './route-table';

const user = (menus: string[], roles: string[] = []): UserInfo => ({
  menus,
  tags: [],
  roles,
  name: 'demo',
  avatar: '',
  company_name: 'Demo GmbH',
  carts: 0,
  show_address: true,
  product_detail_title_show_my_number: false,
  two_factor: false,
});

const input = (over: Partial<GuardInput>): GuardInput => ({
  token: 'tok',
  userInfo: user(['1001']),
  pathname: '/dashboard',
  fullPath: '/dashboard',
  ...over,
});

describe('decideNavigation (spec §4)', () => {
  it('without a token allows only /login and /auth-redirect', () => {
    expect(
      decideNavigation(input({ token: null, userInfo: null, pathname: '/login', fullPath: '/login' })),
    ).toEqual({ type: 'allow' });
    expect(
      decideNavigation(
        input({ token: null, userInfo: null, pathname: '/auth-redirect', fullPath: '/auth-redirect' }),
      ),
    ).toEqual({
      type: 'allow',
    });
  });

  it('without a token sends any other path to /login?redirect={path}, query included', () => {
    expect(
      decideNavigation(
        input({ token: null, userInfo: null, pathname: '/order/index', fullPath: '/order/index?type=all' }),
      ),
    ).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Forder%2Findex%3Ftype%3Dall',
    });
    expect(
      decideNavigation(input({ token: null, userInfo: null, pathname: '/404', fullPath: '/404' })),
    ).toMatchObject({
      type: 'redirect',
    });
  });

  it('with a token continues to /login', () => {
    expect(decideNavigation(input({ pathname: '/login', fullPath: '/login', userInfo: null }))).toEqual({
      type: 'allow',
    });
  });

  it('with a token but no user info loads it first', () => {
    expect(decideNavigation(input({ userInfo: null, pathname: '/product/index' }))).toEqual({
      type: 'load-user-info',
    });
  });

  it('sends a user lacking the route codes to /401?noGoBack=true', () => {
    expect(decideNavigation(input({ userInfo: user(['1001', '1007']), pathname: '/order/index' }))).toEqual({
      type: 'redirect',
      to: '/401?noGoBack=true',
    });
  });

  it('allows a route when any of its codes is held, matching case-insensitively', () => {
    expect(decideNavigation(input({ userInfo: user(['1002']), pathname: '/order/index' }))).toEqual({
      type: 'allow',
    });
    expect(decideNavigation(input({ userInfo: user(['1001']), pathname: '/PRODUCT/index' }))).toEqual({
      type: 'allow',
    });
  });

  it('allows routes without codes and pages outside the table (401/404) to any signed-in user', () => {
    for (const pathname of [
      '/Payment/index',
      '/payment/index',
      '/personalCenter/address',
      '/401',
      '/404',
      '/help/index',
    ]) {
      expect(decideNavigation(input({ pathname }))).toEqual({ type: 'allow' });
    }
  });

  it('lets admin pass every route, even with no menus', () => {
    for (const route of LEAF_ROUTES) {
      expect(decideNavigation(input({ userInfo: user([], ['admin']), pathname: route.path }))).toEqual({
        type: 'allow',
      });
    }
  });
});

describe('checkUserInfo (spec §6/§8)', () => {
  it('reports missing data as a failed verification', () => {
    expect(checkUserInfo(null)).toBe('errors.verificationFailed');
    expect(checkUserInfo(undefined)).toBe('errors.verificationFailed');
  });

  it('requires menus to be a non-empty array, except for admin', () => {
    expect(checkUserInfo({ menus: null })).toBe('errors.menusNonNull');
    expect(checkUserInfo({})).toBe('errors.menusNonNull');
    expect(checkUserInfo(user([]))).toBe('errors.menusNonNull');
    expect(checkUserInfo(user([], ['admin']))).toBeNull();
    expect(checkUserInfo(user(['1001']))).toBeNull();
  });
});
