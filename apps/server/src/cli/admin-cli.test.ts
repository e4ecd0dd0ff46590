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
  }, 240_000);
});

describe('npm run admin -- db', () => {
  // The folder made by the staff test above (a real PGlite installation) is backed up and restored
  // through the command; the copy to PostgreSQL is proven in db/database-copy.postgres-only.test.ts.
  it('backs the PGlite folder up, restores it elsewhere, and explains missing arguments', async () => {
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}-backup.tar.gz`);
    const restored = `${dataDir}-restored`;
    try {
      const backup = await admin('db', 'backup', '--out', file);
      expect(backup.out).toContain(`Backed up ${dataDir} to ${file}`);
      expect(backup.code).toBe(0);
      const restore = await admin('db', 'restore', '--from', file, '--data-dir', restored);
      expect(restore.code).toBe(0);
      expect(fs.readdirSync(restored).length).toBeGreaterThan(0);
      const noTarget = await admin('db', 'copy');
      expect(noTarget.code).toBe(2);
      expect(noTarget.out).toContain('--to postgres://… is required');
    } finally {
      fs.rmSync(file, { force: true });
      fs.rmSync(restored, { recursive: true, force: true });
    }
  }, 240_000);
});
