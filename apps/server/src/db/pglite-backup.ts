import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A consistent backup of an embedded (PGlite) installation's data folder, and its restore into a
 * new folder (issue 16 item 4): `npm run admin -- db backup --out FILE` / `db restore --from FILE
 * --data-dir DIR`. PGlite opens a folder in one process only, so the server is stopped first;
 * PGlite's own dump (`dumpDataDir`, a gzipped tar of the folder as PostgreSQL left it after a
 * clean close) is used rather than copying files that might be mid-write.
 */
export async function backupPglite(dataDir: string, outFile: string): Promise<number> {
  if (!fs.existsSync(dataDir)) throw new Error(`no data folder at ${dataDir}`);
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written beside the target and renamed, so a crash never leaves half a backup under its name.
    fs.writeFileSync(`${outFile}.partial`, bytes);
    fs.renameSync(`${outFile}.partial`, outFile);
    return bytes.length;
  } finally {
    await client.close();
  }
}

export async function restorePglite(backupFile: string, dataDir: string): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty; restore into a new folder`);
  const bytes = fs.readFileSync(backupFile);
  fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([bytes]),
  });
  await client.query('select 1');
  await client.syncToFs();
  await client.close();
}
