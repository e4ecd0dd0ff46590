import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { backupPglite, restorePglite } from './pglite-backup';
import { seedDemoData } from './seed/demo-data';

describe('backing up and restoring a PGlite data folder', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-pglite-backup-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('restores every row into a new folder, and refuses to restore over a folder with data', async () => {
    const original = path.join(work, 'original');
    const counts = sql`select (select count(*) from products)::int as products,
      (select count(*) from orders)::int as orders, (select max(id) from audit_log)::int as audit,
      (select md5(string_agg(number || ':' || name_en, ',' order by id)) from products) as digest`;
    const database = await openDatabase({ dataDir: original });
    await seedDemoData(database, {
      parts: 200,
      seed: 3,
      now: new Date('2026-11-01T00:00:00Z'),
      passwordHashMemoryKiB: 1024,
    });
    const before = await database.rows(counts);
    await database.close();

    const file = path.join(work, 'backup.tar.gz');
    const bytes = await backupPglite(original, file);
    expect(bytes).toBeGreaterThan(1000);
    expect(fs.statSync(file).size).toBe(bytes);

    const restored = path.join(work, 'restored');
    await restorePglite(file, restored);
    const reopened = await openDatabase({ dataDir: restored });
    try {
      expect(await reopened.rows(counts)).toEqual(before);
      expect((before[0] as { products: number }).products).toBe(200);
    } finally {
      await reopened.close();
    }
    await expect(restorePglite(file, original)).rejects.toThrow(/not empty/);
  }, 120_000);
});
