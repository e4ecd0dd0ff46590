import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeFields } from './error-handler';

let t: TestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-web-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  t = await createTestApp({
    config: { webDir },
    seed: async (database) => void (await createAccount(database, 1)),
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('file names the static server cannot serve', () => {
  // Found by the fuzz suite: these answered the internal-error envelope (50000) instead of 404.
  it.each(['/%00', `/${'x'.repeat(300)}`, `/assets/${'x'.repeat(300)}.js`, '/assets/a%00.js'])(
    'GET %s is a plain 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('Not found');
    },
  );
});

describe('validation messages never repeat raw input', () => {
  // Found by the fuzz suite (reliability/fuzz.test.ts): an unknown key such as
  // "select * from users" or "/srv/app/x.ts:1:1" came back verbatim in `msg`.
  it('names plain unknown fields but not made-up keys', async () => {
    const answer = await t.call(
      '/Auth/Login',
      {
        user_id: 'demo',
        password: 'x',
        role: 'admin',
        'select * from users': 1,
        'at f (/srv/app/x.ts:1:1)': 2,
        ['k'.repeat(300)]: 3,
      },
      { lng: 'en' },
    );
    expect(answer.code).toBe(40001);
    expect(answer.msg).toBe('Fields not allowed: role, …');
  });

  it('keeps field paths of wrong values, including array indexes', () => {
    expect(describeFields(['user_id', 'items.0.cpid', 'body'])).toBe('user_id, items.0.cpid, body');
    expect(describeFields(['a b', '../x', 'items.0.select * from t', 'ok'])).toBe('…, ok');
    expect(describeFields([])).toBe('');
  });
});
