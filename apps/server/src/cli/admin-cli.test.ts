import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../test/admin-command';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-admin-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const admin = adminCommand(dataDir, process.env);

describe('npm run admin -- staff create', () => {
  it('creates the first owner on a fresh database, prints the temporary password once, refuses a taken name', async () => {
    const first = await admin('staff', 'create', '--login', 'anna', '--name', 'Anna Li', '--role', 'owner');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Staff member anna \(owner\) created, id 1\./);
    expect(first.out).toMatch(/Temporary password \(shown once.*\): [A-Za-z0-9]{12}\n/);
    const again = await admin('staff', 'create', '--login', 'ANNA', '--name', 'A', '--role', 'sales');
    expect(again.code).toBe(1);
    expect(again.out).toContain('The sign-in name "ANNA" is already in use.');
    const bad = await admin('staff', 'create', '--login', 'bob', '--role', 'boss');
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('Missing or invalid: name, role');
  }, 120_000);
});
