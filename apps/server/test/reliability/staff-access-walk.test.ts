import { ResultCode } from '@partsportal/contract/codes';
import {
  STAFF_ROLES,
  isStaffPermission,
  type StaffPermission,
  type StaffRole,
} from '@partsportal/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCompany, createStaffMember, createUser } from '../fixtures';
import { STAFF_SECRETS, staffSignIn } from '../staff-test-kit';
import { createTestApp, type TestApp } from '../test-app';
import { reportFigures } from './figures';
import { routesUnderTest, type RouteUnderTest } from './access-routes';

/**
 * The back office's role walk (issue 14): every staff route against every role, a customer
 * token, a staff token that has not passed its second factor, and the token carriers — so a new
 * staff call with a wrong permission, or one a customer token could open, fails here. Which role
 * may do what is the call index of docs/API.md (its permission column), generated from the same
 * contract descriptors this walk reads.
 */
const clock = Date.parse('2026-11-26T09:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
let customerToken: string;
let pendingToken: string;
const tokens = {} as Record<StaffRole, string>;
let staffRoutes: RouteUnderTest[] = [];
let customerRoutes: RouteUnderTest[] = [];
const figures = {
  staffRoutes: 0,
  roleProbes: 0,
  roleRefused: 0,
  roleAllowed: 0,
  crossTokenRefused: 0,
  pendingRefused: 0,
  carrierProbes: 0,
  unknownFieldsRefused: 0,
};

const send = async (
  route: RouteUnderTest,
  token: string | undefined,
  headers: Record<string, string> = {},
  body: unknown = {},
) => {
  const url = route.url.replace(/:(\w+)/g, '1');
  const response = await t.app.inject({
    method: route.method as 'GET' | 'POST',
    url,
    headers: {
      ...(token ? { token } : {}),
      ...headers,
      ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(route.method === 'POST' ? { payload: JSON.stringify(body) } : {}),
  });
  return String(response.headers['content-type']).includes('json')
    ? (response.json() as { code: number; data: unknown })
    : { code: response.statusCode, data: null };
};

/** Session-ending calls go last, so they don't end the token the other probes use. */
const ENDING = (route: RouteUnderTest) => route.url.endsWith('/Logout');

beforeAll(async () => {
  t = await createTestApp({
    now,
    config: { loginAttemptsPerIpPerMinute: 10_000 },
    seed: async (database) => {
      await createAccount(database, 1);
      const company = await createCompany(database, 1, 'Rapid Auto Repair');
      await createUser(database, {
        accountId: 1,
        companyId: company.id,
        userId: 'demo',
        password: 'demo1234',
      });
      for (const role of STAFF_ROLES) {
        await createStaffMember(database, {
          login: `walk-${role}`,
          password: `${role}-password`,
          role,
          totpSecret: STAFF_SECRETS[role],
        });
      }
      await createStaffMember(database, {
        login: 'walk-pending',
        password: 'pending-password',
        role: 'owner',
      });
    },
  });
  for (const role of STAFF_ROLES)
    tokens[role] = await staffSignIn(t, `walk-${role}`, `${role}-password`, STAFF_SECRETS[role], now());
  customerToken = await t.login('demo', 'demo1234');
  const pending = await t.call<{ token: string }>('/Admin/Auth/Login', {
    login: 'walk-pending',
    password: 'pending-password',
  });
  pendingToken = pending.data.token;
  const all = routesUnderTest(t.app, '/api');
  staffRoutes = all
    .filter((r) => isStaffPermission(r.permission))
    .sort((a, b) => Number(ENDING(a)) - Number(ENDING(b)));
  customerRoutes = all.filter(
    (r) => !r.isPublic && !isStaffPermission(r.permission) && r.permission !== undefined,
  );
  figures.staffRoutes = staffRoutes.length;
});
afterAll(async () => {
  reportFigures('staff-access-walk', figures);
  await t?.close();
});

describe('staff role walk over every staff route', () => {
  it('finds the staff routes (a control: the walk below cannot pass on none)', () => {
    expect(staffRoutes.length).toBeGreaterThanOrEqual(12);
    expect(customerRoutes.length).toBeGreaterThan(50);
  });

  it('each role reaches exactly the calls its permission names (owner all); the rest answer 40003', async () => {
    const failures: string[] = [];
    for (const route of staffRoutes.filter((r) => !ENDING(r))) {
      const permission = route.permission as StaffPermission;
      for (const role of STAFF_ROLES) {
        const answer = await send(route, tokens[role]);
        figures.roleProbes++;
        const allowed = role === 'owner' || permission.staff.includes(role);
        if (!allowed) {
          if (answer.code === ResultCode.forbidden && answer.data === null) figures.roleRefused++;
          else failures.push(`${role} ${route.url}: not refused (${answer.code})`);
        } else if (
          (
            [ResultCode.forbidden, ResultCode.invalidToken, ResultCode.secondFactorRequired] as number[]
          ).includes(answer.code)
        ) {
          failures.push(`${role} ${route.url}: refused although allowed (${answer.code})`);
        } else figures.roleAllowed++;
      }
    }
    expect(failures).toEqual([]);
    expect(figures.roleRefused).toBeGreaterThan(10);
    expect(figures.roleAllowed).toBeGreaterThan(20);
  });

  it('a customer token opens no staff call; a staff token opens no customer call', async () => {
    const failures: string[] = [];
    for (const route of staffRoutes) {
      const answer = await send(route, customerToken);
      if (answer.code === ResultCode.invalidToken && answer.data === null) figures.crossTokenRefused++;
      else failures.push(`customer token on ${route.url}: ${answer.code}`);
    }
    for (const route of customerRoutes) {
      const answer = await send(route, tokens.owner);
      if (answer.code === ResultCode.invalidToken) figures.crossTokenRefused++;
      else failures.push(`staff token on ${route.url}: ${answer.code}`);
    }
    expect(failures).toEqual([]);
  });

  it('before the second factor only the enrol, verify and sign-out calls open (40011 elsewhere)', async () => {
    const failures: string[] = [];
    const open: string[] = [];
    for (const route of staffRoutes.filter((r) => !ENDING(r))) {
      const answer = await send(route, pendingToken);
      if ((route.permission as StaffPermission).secondFactor === 'pending') {
        open.push(route.url.replace('/api/Admin/Auth/', ''));
        if (answer.code === ResultCode.secondFactorRequired || answer.code === ResultCode.invalidToken)
          failures.push(`${route.url} refused a pending session (${answer.code})`);
      } else if (answer.code === ResultCode.secondFactorRequired) figures.pendingRefused++;
      else failures.push(`${route.url} opened before the second factor (${answer.code})`);
    }
    expect(failures).toEqual([]);
    expect(open.sort()).toEqual(['ConfirmTotpEnrolment', 'StartTotpEnrolment', 'VerifySecondFactor']);
  });

  it('a staff token counts only in the Token header: not in the query, a cookie or Authorization', async () => {
    const failures: string[] = [];
    for (const route of staffRoutes.filter((r) => !ENDING(r))) {
      const url = route.url;
      const carriers: Array<{ name: string; url: string; headers: Record<string, string> }> = [
        { name: 'query', url: `${url}?token=${tokens.owner}`, headers: {} },
        { name: 'cookie', url, headers: { cookie: `token=${tokens.owner}` } },
        { name: 'authorization', url, headers: { authorization: `Bearer ${tokens.owner}` } },
      ];
      for (const carrier of carriers) {
        figures.carrierProbes++;
        const answer = await send({ ...route, url: carrier.url }, undefined, carrier.headers);
        if (answer.code !== ResultCode.invalidToken)
          failures.push(`${url} took the token from the ${carrier.name}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses unknown body fields on every staff call (strict bodies)', async () => {
    const failures: string[] = [];
    for (const route of staffRoutes.filter((r) => !ENDING(r) && r.method === 'POST')) {
      const answer = await send(
        route,
        tokens.owner,
        {},
        { account_id: 2, company_id: 99, role_override: 'owner' },
      );
      if (answer.code === ResultCode.validation) figures.unknownFieldsRefused++;
      else failures.push(`${route.url}: ${answer.code}`);
    }
    expect(failures).toEqual([]);
  });

  it('sign-out ends the staff session for every later call', async () => {
    const logout = staffRoutes.find(ENDING)!;
    expect((await send(logout, tokens.catalogue)).code).toBe(ResultCode.ok);
    const info = staffRoutes.find((r) => r.url.endsWith('/GetStaffInfo'))!;
    expect((await send(info, tokens.catalogue)).code).toBe(ResultCode.invalidToken);
  });
});
