import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { adminCommand } from '../../test/admin-command';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-webhook-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const admin = adminCommand(dataDir, process.env);

it('npm run admin -- webhook create|list|delete: for a key by prefix, within its scopes, secret printed once', async () => {
  await admin(
    'staff',
    'create',
    '--login',
    'anna',
    '--name',
    'Anna Li',
    '--role',
    'owner',
    '--password',
    'anna-pass-1',
  );
  const key = await admin('api-key', 'create', '--name', 'erp', '--scopes', 'orders:read');
  expect(key.code, key.out).toBe(0);
  const prefix = /\n(pp_live_.{8})/.exec(key.out)![1]!;

  const created = await admin(
    'webhook',
    'create',
    '--key',
    prefix,
    '--url',
    'https://erp.example/hooks',
    '--events',
    'order.paid,order.shipped',
  );
  expect(created.code).toBe(0);
  expect(created.out).toContain(
    'Webhook endpoint #1 created: https://erp.example/hooks (order.paid, order.shipped).',
  );
  expect(created.out).toMatch(/\nwhsec_[A-Za-z0-9_-]{43}\n/);

  const noScope = await admin(
    'webhook',
    'create',
    '--key',
    prefix,
    '--url',
    'https://erp.example/i',
    '--events',
    'import.finished',
  );
  expect(noScope).toEqual({ code: 1, out: expect.stringContaining('The key lacks the scope catalog:write') });
  const ftp = await admin(
    'webhook',
    'create',
    '--key',
    prefix,
    '--url',
    'ftp://erp.example/',
    '--events',
    'order.paid',
  );
  expect(ftp.code).toBe(2);
  const unknownKey = await admin(
    'webhook',
    'create',
    '--key',
    'pp_live_nothere1',
    '--url',
    'https://x.example/',
    '--events',
    'order.paid',
  );
  expect(unknownKey).toEqual({
    code: 1,
    out: expect.stringContaining('No active API key with prefix pp_live_nothere1.'),
  });

  const list = await admin('webhook', 'list');
  expect(list.out).toContain('#1  https://erp.example/hooks  order.paid,order.shipped  key id 1');
  expect(list.out).not.toContain('whsec_');
  expect((await admin('webhook', 'delete', '--id', '1')).out).toContain('Webhook endpoint #1 deleted.');
  expect(await admin('webhook', 'delete', '--id', '1')).toEqual({
    code: 1,
    out: expect.stringContaining('No webhook endpoint #1.'),
  });
}, 300_000);
