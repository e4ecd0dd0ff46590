import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../test/test-app';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

/** Issue 18 item 3: API answers above 1 KB travel compressed as the client asks, and unchanged. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 200, seed: 5, passwordHashMemoryKiB: 1024 });
    },
  });
  token = await t.login('demo', 'demo1234');
}, 120_000);
afterAll(async () => t?.close());

const search = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Web/GetProductList',
    headers: {
      'content-type': 'application/json',
      token,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
    payload: JSON.stringify({ keyword: '', pageSize: 50 }),
  });

describe('compressed answers', () => {
  it('a catalogue page: Brotli when asked, gzip when only that is offered, plain otherwise — the same JSON', async () => {
    const plain = await search();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body;
    expect(JSON.parse(json).code).toBe(200);
    expect(json.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES * 4);

    const br = await search('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const brBody = br.rawPayload;
    expect(brotliDecompressSync(brBody).toString()).toBe(json);
    // The target: ≥ 4× smaller on the wire.
    expect(json.length / brBody.length).toBeGreaterThanOrEqual(4);

    const gzip = await search('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);

    expect((await search('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('a small answer goes as it is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
