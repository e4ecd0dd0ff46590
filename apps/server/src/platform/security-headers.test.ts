import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { computeSecurityHeaders } from './security-headers';

let t: TestApp;
let expected: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  expected = new Map(await computeSecurityHeaders());
});
afterAll(async () => {
  await t.close();
});

describe('precomputed security headers', () => {
  it('are the ones helmet sets for our options', () => {
    expect(expected.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(expected.get('content-security-policy')).toContain("default-src 'self'");
    expect(expected.get('referrer-policy')).toBe('no-referrer');
    expect(expected.get('x-content-type-options')).toBe('nosniff');
    expect(expected.get('x-frame-options')).toBe('SAMEORIGIN');
    // Turned off on purpose (see HELMET_OPTIONS), and nothing a plain reply has anyway.
    expect(expected.has('strict-transport-security')).toBe(false);
    expect(expected.has('cross-origin-embedder-policy')).toBe(false);
    expect(expected.has('content-type')).toBe(false);
  });

  it('reach every kind of answer: success, refusal, unknown call, bad JSON, static 404', async () => {
    const answers = {
      health: await t.app.inject({ method: 'GET', url: '/healthz' }),
      signedOut: await t.app.inject({ method: 'POST', url: '/api/Web/GetProductList', payload: {} }),
      unknownCall: await t.app.inject({ method: 'POST', url: '/api/Web/NoSuchCall', payload: {} }),
      badJson: await t.app.inject({
        method: 'POST',
        url: '/api/Auth/Login',
        headers: { 'content-type': 'application/json' },
        payload: '{"user_id":',
      }),
      missingFile: await t.app.inject({ method: 'GET', url: '/nope.txt' }),
    };
    expect(answers.signedOut.json().code).toBe(50008);
    for (const [name, answer] of Object.entries(answers)) {
      for (const [header, value] of expected) {
        expect(answer.headers[header], `${name}: ${header}`).toBe(value);
      }
      expect(answer.headers['x-request-id'], name).toMatch(/^[\w-]{8,64}$/);
    }
  });

  it('gives every request its own id and keeps a well-formed id the caller sent', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/healthz' });
    const second = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
  });
});
