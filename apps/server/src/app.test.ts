import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineEndpoint } from '@partsportal/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, PUBLIC_URLS } from './app';
import { testConfig } from './config';
import { registerEndpoint } from './platform/endpoint-routes';
import { createAccount, createCompany, createUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';

let t: TestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>PartsPortal</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({
    config: { webDir, bodyLimitBytes: 64 * 1024 },
    seed: async (database) => {
      await createAccount(database, 1);
      const company = await createCompany(database, 1, 'Rapid Auto Repair');
      await createUser(database, {
        accountId: 1,
        companyId: company.id,
        userId: 'demo',
        password: 'demo1234',
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('permission declarations', () => {
  // The two tests below build their own apps on databases of their own. Making and migrating a
  // PGlite database took 15–26 s on a loaded 2-core machine, which left the tests at 26–29 s of
  // their 30 s; they are made here, under the hook timeout, and the tests keep only their checks.
  const own: Array<Awaited<ReturnType<typeof createTestDatabase>>> = [];
  beforeAll(async () => {
    own.push(await createTestDatabase(), await createTestDatabase());
  }, 120_000);
  afterAll(async () => {
    for (const { drop } of own) await drop();
  });

  it('every route declares a permission or is on the explicit public list', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    const undeclared = t.app.routeTable.filter(
      (route) =>
        route.permission === undefined &&
        route.apiScopes === undefined &&
        !(PUBLIC_URLS as readonly string[]).includes(route.url),
    );
    expect(undeclared).toEqual([]);
  });

  it('refuses a route that forgot its declaration (deny by default)', async () => {
    const { database } = own[0]!;
    const app = await buildApp({ config: testConfig(), database });
    app.post('/api/Web/Forgotten', async () => ({ code: 200, msg: 'ok', data: 'leak' }));
    await app.ready();
    const answer = (await app.inject({ method: 'POST', url: '/api/Web/Forgotten' })).json();
    expect(answer.code).toBe(40003);
    expect(answer.data).toBeNull();
    await app.close();
  });

  it('enforces menu codes: any-of, admin passes', async () => {
    const { database } = own[1]!;
    await createAccount(database, 1);
    const company = await createCompany(database, 1, 'C');
    await createUser(database, {
      accountId: 1,
      companyId: company.id,
      userId: 'viewer',
      password: 'viewer1234',
      menus: ['1001', '1007'],
    });
    await createUser(database, {
      accountId: 1,
      companyId: company.id,
      userId: 'boss',
      password: 'boss12345',
      menus: [],
      role: 'admin',
    });
    const app = await buildApp({ config: testConfig(), database });
    const probe = defineEndpoint({
      method: 'POST',
      path: '/Web/Probe',
      summary: 'test only',
      permission: ['1002', '1008'],
      body: z.strictObject({}).nullish(),
      data: z.string(),
    });
    await app.register(async (api) => registerEndpoint(api, probe, async () => 'secret'), { prefix: '/api' });
    await app.ready();
    const tokenOf = async (user_id: string, password: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/Auth/Login',
          payload: { user_id, password, account_id: 1 },
        })
      ).json().data as string;
    const viewer = await tokenOf('viewer', 'viewer1234');
    const boss = await tokenOf('boss', 'boss12345');
    const asViewer = (
      await app.inject({ method: 'POST', url: '/api/Web/Probe', headers: { token: viewer, lng: 'en' } })
    ).json();
    expect(asViewer).toEqual({ code: 40003, msg: 'You do not have permission to do this.', data: null });
    const asBoss = (
      await app.inject({ method: 'POST', url: '/api/Web/Probe', headers: { token: boss } })
    ).json();
    expect(asBoss.data).toBe('secret');
    await app.close();
  });
});

describe('envelope and bad input', () => {
  const raw = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      headers: { 'content-type': 'application/json', lng: 'en', ...headers },
      payload,
    });

  it('answers malformed JSON with 40001 and a clear message', async () => {
    const response = await raw('{"user_id": "demo", ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 40001, msg: 'The request body is not valid JSON.', data: null });
  });

  it('names the field with the wrong type', async () => {
    const answer = (await raw(JSON.stringify({ user_id: 42, password: 'x' }))).json();
    expect(answer.code).toBe(40001);
    expect(answer.msg).toBe('Invalid request: user_id');
  });

  it('refuses unknown fields such as role or company_id', async () => {
    const answer = (
      await raw(JSON.stringify({ user_id: 'demo', password: 'demo1234', role: 'admin', company_id: 9 }))
    ).json();
    expect(answer.code).toBe(40001);
    expect(answer.msg).toBe('Fields not allowed: role, company_id');
  });

  it('refuses __proto__ keys', async () => {
    const answer = (await raw('{"user_id":"demo","password":"x","__proto__":{"admin":true}}')).json();
    expect(answer.code).toBe(40001);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses huge bodies with 40013', async () => {
    const answer = (await raw(JSON.stringify({ user_id: 'x'.repeat(200_000), password: 'y' }))).json();
    expect(answer).toEqual({ code: 40013, msg: 'The request is too large.', data: null });
  });

  it('refuses other content types and over-long fields', async () => {
    expect(
      (await raw('user_id=demo', { 'content-type': 'application/x-www-form-urlencoded' })).json().code,
    ).toBe(40001);
    expect((await raw(JSON.stringify({ user_id: 'x'.repeat(65), password: 'y' }))).json().code).toBe(40001);
  });

  it('answers unknown API calls with 40004 in the request language', async () => {
    const answer = await t.call('/Web/NoSuchCall', {}, { lng: 'es' });
    expect(answer).toEqual({ code: 40004, msg: 'Esta llamada no existe.', data: null });
  });

  it('never shows a stack trace, SQL or a path', async () => {
    const bodies = [
      '{',
      '[]',
      '"x"',
      'null',
      '{"user_id":{"$gt":""},"password":"x"}',
      `{"user_id":"' OR 1=1 --","password":"x"}`,
    ];
    for (const body of bodies) {
      const text = (await raw(body)).body;
      expect(text).not.toMatch(/at \w+ \(|\/work\/|node_modules|SELECT|syntax error/i);
      expect(JSON.parse(text).code).not.toBe(50000);
    }
  });
});

describe('public routes', () => {
  it('serves /static/config.json with apiUrl, account_id and custom titles', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/config.json' });
    expect(response.json()).toEqual({
      apiUrl: '/api',
      account_id: 1,
      homeTitle: { zh: '测试门户', en: 'Test portal', es: 'Portal de prueba' },
    });
  });

  it('reports liveness and readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/Auth/Login', '/Web/ChangePassword']));
    expect(JSON.stringify(doc.paths['/Web/ChangePassword'])).toContain('confirm_passwrod');
  });

  it('sends security headers and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('serves the web app with SPA fallback and long-cached hashed assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/order/index?type=all' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses cross-origin browser calls from unknown origins', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/Auth/Login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    // With no CORS_ORIGINS a preflight is an unknown call (it was Fastify's bare 500 before).
    expect(response.json()).toMatchObject({ code: 40004 });
  });
});
