import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartsPortalClient } from '../../../examples/integration-client/client';
import { generateClientTypes } from '../src/modules/integration/client-generation';
import { createApiKeysService } from '../src/modules/integration/api-keys.service';
import { createDataAccess } from '../src/repositories';
import { createAccount } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * The typed client in examples/integration-client (openapi-fetch over the types generated from
 * the OpenAPI document) against a real listening server: what an integrator's script does.
 */
let t: TestApp;
let baseUrl = '';
let key = '';
let catalogKey = '';

beforeAll(async () => {
  t = await createTestApp({ seed: (database) => createAccount(database, 1).then(() => undefined) });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const keys = createApiKeysService(createDataAccess(t.database));
  key = (
    await keys.create(
      { accountId: 1, name: 'erp', scopes: ['orders:read'] },
      { kind: 'command', id: null, name: 'test', ip: '' },
    )
  ).key;
  catalogKey = (
    await keys.create(
      { accountId: 1, name: 'catalogue', scopes: ['catalog:write'] },
      { kind: 'command', id: null, name: 'test', ip: '' },
    )
  ).key;
});
afterAll(async () => t?.close());

describe('the generated typed client', () => {
  it('is generated from the current document (npm run api:client)', async () => {
    const committed = readFileSync(
      new URL('../../../examples/integration-client/schema.d.ts', import.meta.url),
      'utf8',
    );
    expect(committed).toBe(await generateClientTypes());
  });

  it('calls the server: the key, the order feed, and a refusal as problem details', async () => {
    const api = createPartsPortalClient(baseUrl, key);
    const me = await api.GET('/me');
    expect(me.response.status).toBe(200);
    expect(me.data?.scopes).toEqual(['orders:read']);
    const feed = await api.GET('/orders/changes', { params: { query: { limit: 10 } } });
    expect(feed.data).toEqual({ changes: [], next_cursor: '0', has_more: false });
    const bad = await createPartsPortalClient(baseUrl, 'pp_live_not-a-key', 'es').GET('/me');
    expect(bad.response.status).toBe(401);
    expect(bad.error).toMatchObject({ status: 401, title: 'Clave de API no válida' });
  });

  it('sends a batch upsert with an Idempotency-Key and reads its stored answer back', async () => {
    const api = createPartsPortalClient(baseUrl, catalogKey);
    const brands = await api.POST('/brands/batch', {
      body: { rows: [{ name: 'DENSO' }] },
      params: { header: { 'Idempotency-Key': 'client-brands-1' } },
    });
    expect(brands.data?.results).toEqual([{ index: 0, result: 'created' }]);
    const products = await api.POST('/products/batch', {
      body: {
        rows: [
          {
            brand: 'DENSO',
            number: 'DP-1',
            names: { en: 'Brake pad' },
            list_price: '12.50',
            cross_numbers: [{ kind: 'oe', brand: 'TOYOTA', number: '04465-33450' }],
          },
          { brand: 'NOSUCH', number: 'X' },
        ],
      },
    });
    expect(products.response.status).toBe(200);
    expect(products.data?.counts).toEqual({ created: 1, updated: 0, unchanged: 0, error: 1 });
    const stored = await api.GET('/batches/{id}', { params: { path: { id: products.data!.batch_id } } });
    expect(stored.data?.results[1]).toMatchObject({
      index: 1,
      result: 'error',
      errors: [{ field: 'brand' }],
    });
    const replay = await api.POST('/brands/batch', {
      body: { rows: [{ name: 'DENSO' }] },
      params: { header: { 'Idempotency-Key': 'client-brands-1' } },
    });
    expect(replay.data).toEqual({ ...brands.data, replayed: true });
  });
});
