import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { maintenanceTimeouts, openDatabase } from '../db/client';
import { copyDatabase } from '../db/database-copy';
import { backupPglite, restorePglite } from '../db/pglite-backup';

export const DATABASE_USAGE = [
  '       npm run admin -- db copy --to postgres://USER@HOST/DB   (the configured database → a new, empty one)',
  '       npm run admin -- db backup --out FILE.tar.gz            (PGlite: a consistent copy of DATA_DIR)',
  '       npm run admin -- db restore --from FILE.tar.gz --data-dir DIR',
];

/**
 * `npm run admin -- db …` (issue 16 item 4; docs/DEPLOYMENT.md "From PGlite to PostgreSQL"):
 * the embedded installation's way to PostgreSQL and its backups. The server must be stopped
 * (a PGlite folder opens in one process only).
 */
export async function databaseCommand(verb: string | undefined, rest: string[]): Promise<number> {
  const { values } = parseArgs({
    args: rest,
    options: {
      to: { type: 'string' },
      out: { type: 'string' },
      from: { type: 'string' },
      'data-dir': { type: 'string' },
    },
    strict: true,
  });
  const config = loadConfig();
  if (verb === 'copy') {
    if (!values.to?.startsWith('postgres')) {
      console.error(`--to postgres://… is required\n${DATABASE_USAGE.join('\n')}`);
      return 2;
    }
    const source = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeouts: maintenanceTimeouts(config.databaseTimeouts),
    });
    try {
      // Opening the target runs the migrations there, so both sides have the same tables.
      const target = await openDatabase({
        databaseUrl: values.to,
        dataDir: '',
        timeouts: maintenanceTimeouts(config.databaseTimeouts),
      });
      try {
        const started = Date.now();
        const copied = await copyDatabase(source, target, {
          onTable: ({ table, rows }) => console.log(`${table}: ${rows} rows`),
        });
        const rows = copied.reduce((sum, table) => sum + table.rows, 0);
        console.log(
          `Copied ${rows} rows in ${copied.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        );
        console.log('Start the server with DATABASE_URL set to the target (see docs/DEPLOYMENT.md).');
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
    return 0;
  }
  if (verb === 'backup') {
    if (config.databaseUrl || !values.out) {
      console.error(
        config.databaseUrl
          ? 'db backup is for an embedded (PGlite) installation; back PostgreSQL up with pg_dump (docs/DEPLOYMENT.md)'
          : `--out FILE is required\n${DATABASE_USAGE.join('\n')}`,
      );
      return 2;
    }
    const bytes = await backupPglite(config.dataDir, values.out);
    console.log(`Backed up ${config.dataDir} to ${values.out} (${(bytes / 1048576).toFixed(1)} MiB).`);
    return 0;
  }
  if (verb === 'restore') {
    if (!values.from || !values['data-dir']) {
      console.error(`--from FILE and --data-dir DIR are required\n${DATABASE_USAGE.join('\n')}`);
      return 2;
    }
    await restorePglite(values.from, values['data-dir']);
    console.log(`Restored into ${values['data-dir']}; start the server with DATA_DIR=${values['data-dir']}.`);
    return 0;
  }
  console.error(DATABASE_USAGE.join('\n'));
  return 2;
}
