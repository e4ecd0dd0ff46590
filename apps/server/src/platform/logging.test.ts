import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createAccount, createCompany, createUser } from '../../test/fixtures';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { redactUrl, requestLoggerFactory } from './logging';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database, 1);
  const company = await createCompany(database, 1, 'C');
  await createUser(database, {
    accountId: 1,
    companyId: company.id,
    userId: 'demo',
    password: 'secret-pass-1',
  });
});
afterAll(async () => drop?.());

it('redacts ?token= in URLs', () => {
  expect(redactUrl('/api/Product/ProductPic/5?token=abc&x=1')).toBe(
    '/api/Product/ProductPic/5?token=[REDACTED]&x=1',
  );
});

it('writes JSON log lines with request ids and never a token or password', async () => {
  const stream = new PassThrough();
  let output = '';
  stream.on('data', (chunk) => (output += chunk));
  const app = await buildApp({ config: testConfig({ logLevel: 'info' }), database, logStream: stream });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/Auth/Login',
    payload: { user_id: 'demo', password: 'secret-pass-1', account_id: 1 },
  });
  const token = login.json().data as string;
  await app.inject({ method: 'POST', url: '/api/Web/GetUserInfo', headers: { token } });
  await app.inject({ method: 'GET', url: `/healthz?token=${token}` });
  await app.close();

  const lines = output.trim().split('\n');
  expect(lines.length).toBeGreaterThan(3);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  expect(lines.some((line) => JSON.parse(line).reqId)).toBe(true);
  expect(output).not.toContain(token);
  expect(output).not.toContain('secret-pass-1');
});

it('makes a request child logger only when a line is written, request id included (levels above info)', async () => {
  expect(requestLoggerFactory('info')).toBeUndefined();
  expect(requestLoggerFactory('silent')).toBeUndefined();
  const stream = new PassThrough();
  let output = '';
  stream.on('data', (chunk) => (output += chunk));
  const app = await buildApp({ config: testConfig({ logLevel: 'warn' }), database, logStream: stream });
  app.get('/boom', { config: { permission: 'public' } }, async () => {
    throw new Error('boom');
  });
  await app.ready();
  let childrenMade = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = (...args) => {
    childrenMade++;
    return child(...args);
  };
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  expect(childrenMade).toBe(0);
  const boom = await app.inject({
    method: 'GET',
    url: '/boom',
    headers: { 'x-request-id': 'trace-boom-1234' },
  });
  expect(boom.json().code).toBe(50000);
  expect(childrenMade).toBe(1);
  await app.close();

  const lines = output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string });
  // No info lines at warn; the error line carries the request's id.
  expect(lines.every((line) => line.level >= 40)).toBe(true);
  expect(lines.find((line) => line.msg === 'unhandled error')?.reqId).toBe('trace-boom-1234');
});
