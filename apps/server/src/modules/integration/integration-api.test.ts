import { defineOperation } from '@partsportal/contract/integration';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../../config';
import { installJsonBody } from '../../platform/json-body';
import { openRateLimitStore } from '../../platform/rate-limiter';
import { createDataAccess } from '../../repositories';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createApiKeysService, hashApiKey } from './api-keys.service';
import { handle, registerIntegrationApi } from './integration-api';

const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
let t: TestApp;
let keys: ReturnType<typeof createApiKeysService>;
let erpKey = '';

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp({
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
  keys = createApiKeysService(createDataAccess(t.database));
  erpKey = (await keys.create({ accountId: 1, name: 'erp', scopes: ['stock:write', 'orders:read'] }, actor))
    .key;
});
afterAll(async () => t?.close());

describe('API keys on /api/v1', () => {
  it('a key answers for itself; only its hash and prefix are stored', async () => {
    expect(erpKey).toMatch(/^pp_live_[A-Za-z0-9_-]{43}$/);
    const answer = await get('/api/v1/me', { authorization: `Bearer ${erpKey}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      name: 'erp',
      prefix: erpKey.slice(0, 16),
      scopes: ['stock:write', 'orders:read'],
      expires_at: null,
      rate_limit_per_minute: 600,
    });
    const [row] = await t.database.rows<Record<string, unknown>>(
      sql`select * from api_keys where name = 'erp'`,
    );
    expect(row!.key_hash).toBe(hashApiKey(erpKey));
    expect(JSON.stringify(row)).not.toContain(erpKey);
    expect(row!.last_used_at).not.toBeNull();
    const [audit] = await t.database.rows<{ action: string }>(
      sql`select action from audit_log where entity = 'api-key'`,
    );
    expect(audit!.action).toBe('api-key.create');
  });

  it('refuses no key, a buyer token, an unknown, revoked or expired key with 401 problem details', async () => {
    const none = await get('/api/v1/me');
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toContain('application/problem+json');
    expect(none.headers['www-authenticate']).toBe('Bearer realm="partsportal"');
    expect(none.json()).toMatchObject({ status: 401, title: 'API key required' });

    const buyerToken = await t.login('demo', 'demo1234');
    expect((await get('/api/v1/me', { authorization: `Bearer ${buyerToken}` })).statusCode).toBe(401);
    expect((await get('/api/v1/me', { token: buyerToken })).statusCode).toBe(401);

    const spare = await keys.create({ accountId: 1, name: 'old', scopes: [] }, actor);
    await keys.revoke(1, { prefix: spare.prefix }, actor);
    const revoked = await get('/api/v1/me', {
      authorization: `Bearer ${spare.key}`,
      'accept-language': 'es',
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().detail).toBe('Esta clave de API ha sido revocada.');

    const expired = await keys.create(
      { accountId: 1, name: 'exp', scopes: [], expiresAt: new Date(Date.now() - 1000) },
      actor,
    );
    expect((await get('/api/v1/me', { authorization: `Bearer ${expired.key}` })).json().title).toBe(
      'API key expired',
    );
  });

  it("a key never opens the buyers' API", async () => {
    const answer = await t.call('/Web/GetUserInfo', {}, { token: erpKey });
    expect(answer.code).toBe(50008);
  });

  it('publishes an OpenAPI document and a reference page from our own origin', async () => {
    const doc = (await get('/api/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(
      doc.paths as Record<
        string,
        Record<string, { operationId: string; security: unknown[]; responses: Record<string, unknown> }>
      >,
    ).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.security).toEqual([{ apiKey: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
    const page = await get('/api/v1/reference');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/v1/reference/swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const file of ['init.js', 'swagger-ui.css', 'swagger-ui-bundle.js']) {
      const asset = await get(`/api/v1/reference/${file}`);
      expect(asset.statusCode, file).toBe(200);
      expect(asset.body.length, file).toBeGreaterThan(100);
    }
  });
});

describe('the /api/v1 plugin: scopes, rate limit, body limit, validation', () => {
  const echo = defineOperation({
    operationId: 'echoStock',
    method: 'PUT',
    path: '/stock-test',
    summary: 'test',
    tag: 'Test',
    scopes: ['stock:write'],
    body: z.strictObject({ rows: z.array(z.object({ n: z.number().int().nonnegative() })) }),
    response: z.object({ rows: z.number() }),
  });
  const app = Fastify();
  let limited = '';
  let noStock = '';
  beforeAll(async () => {
    installJsonBody(app);
    await registerIntegrationApi(app, {
      config: testConfig({ apiBodyLimitBytes: 2048 }),
      apiKeys: keys,
      rateLimits: await openRateLimitStore({ db: t.database.db }),
      operations: [handle(echo, async ({ body }) => ({ rows: body.rows.length, extra: 'stripped' }))],
    });
    await app.ready();
    limited = (
      await keys.create({ accountId: 1, name: 'slow', scopes: ['stock:write'], rateLimitPerMinute: 3 }, actor)
    ).key;
    noStock = (await keys.create({ accountId: 1, name: 'reader', scopes: ['orders:read'] }, actor)).key;
  });
  afterAll(async () => app.close());
  const put = (key: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/stock-test',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('needs the scope: 403 names the missing one', async () => {
    const answer = await put(noStock, { rows: [] });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().detail).toBe('This API key lacks the scope: stock:write.');
    expect((await put(erpKey, { rows: [{ n: 1 }] })).json()).toEqual({ rows: 1 });
  });

  it('validates with field errors (422), refuses bad JSON (400) and a body over the limit (413)', async () => {
    const invalid = await put(erpKey, { rows: [{ n: -1 }], other: 1 });
    expect(invalid.statusCode).toBe(422);
    expect(
      invalid
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['', 'rows.0.n'].map((f) => f || 'body'));
    expect((await put(erpKey, '{"rows": [')).statusCode).toBe(400);
    const big = await put(erpKey, { rows: Array.from({ length: 400 }, (_, n) => ({ n })) });
    expect(big.statusCode).toBe(413);
    expect(big.json().title).toBe('Request too large');
  });

  it("keeps each key's own rate limit (429 with Retry-After)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await put(limited, { rows: [] })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await put(limited, { rows: [] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another key is not slowed by this one.
    expect((await put(erpKey, { rows: [] })).statusCode).toBe(200);
  });
});
