import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { freePort } from '../reliability/crash-server';

/**
 * A real streaming replica of the test's PostgreSQL server, made the Debian way: a second cluster
 * (`pg_createcluster`) on a port free at run time whose data directory is replaced by a
 * `pg_basebackup -R` of the primary, run as the `postgres` user (initdb and the server refuse
 * root), with trust for 127.0.0.1 — replication included — in its own pg_hba.conf. Not a test
 * file itself; `remove()` stops and drops the cluster (also after a failed start).
 */

const VERSION_DIR = '/usr/lib/postgresql';

export interface StreamingReplica {
  name: string;
  port: number;
  /** How long pg_basebackup took, and how much it copied (the whole test server, every database). */
  baseBackup: { ms: number; bytes: number };
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  urlFor(database: string): string;
  /** One statement on the replica (database `postgres` unless given). */
  query<T>(text: string, database?: string): Promise<T[]>;
  /** pg_ctlcluster stop -m immediate (the replica is lost, as a crash would lose it). */
  stop(): void;
  remove(): void;
}

/** Runs a Debian cluster tool; its output is kept for the failure message. */
function run(command: string, args: string[], asPostgres = false): string {
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${[file, ...argv].join(' ')} failed: ${failed.stderr || failed.stdout || failed.message}`,
      { cause: error },
    );
  }
}

/** The major version of the primary (the replica must run the same binaries). */
async function serverMajor(primaryUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const row = (await client.query<{ v: string }>("select current_setting('server_version_num') as v"))
      .rows[0];
    return String(Math.floor(Number(row!.v) / 10_000));
  } finally {
    await client.end();
  }
}

/**
 * Fails with the fix when the primary refuses replication connections from 127.0.0.1 (its
 * pg_hba.conf needs `host replication all 127.0.0.1/32 trust`; .ci/run adds it).
 */
async function checkReplicationAllowed(primaryUrl: string): Promise<void> {
  const url = new URL(primaryUrl);
  const client = new pg.Client({
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || 'postgres'),
    database: 'postgres',
    replication: 'database',
  } as pg.ClientConfig);
  try {
    await client.connect();
    await client.query('IDENTIFY_SYSTEM');
  } catch (error) {
    throw new Error(
      `The PostgreSQL server at ${url.host} refuses replication connections (${(error as Error).message}). ` +
        `Add this line to its pg_hba.conf (psql -Atc 'show hba_file') and reload ` +
        `(psql -c 'select pg_reload_conf()'); .ci/run does it, docs/DEPLOYMENT.md explains it:\n` +
        '    host replication all 127.0.0.1/32 trust',
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(`${entry.parentPath}/${entry.name}`).size;
  }
  return total;
}

export async function startStreamingReplica(primaryUrl: string): Promise<StreamingReplica> {
  if (!fs.existsSync('/usr/bin/pg_createcluster'))
    throw new Error(
      "pg_createcluster is missing: the test needs Debian's postgresql-common (apt-get install postgresql)",
    );
  await checkReplicationAllowed(primaryUrl);
  const version = await serverMajor(primaryUrl);
  if (!fs.existsSync(`${VERSION_DIR}/${version}/bin/pg_basebackup`))
    throw new Error(`No PostgreSQL ${version} binaries in ${VERSION_DIR}/${version}/bin for the replica`);
  const primary = new URL(primaryUrl);
  const port = await freePort();
  const name = `pp_replica_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = `/var/lib/postgresql/${version}/${name}`;
  const confDir = `/etc/postgresql/${version}/${name}`;
  let created = false;
  let baseBackup: StreamingReplica['baseBackup'] | undefined;
  const remove = () => {
    if (!created) return;
    created = false;
    try {
      run('pg_dropcluster', ['--stop', version, name]);
    } catch {
      // A half-made cluster pg_dropcluster cannot read: remove its folders by hand.
      try {
        run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'stop', '-m', 'immediate']);
      } catch {
        // not running
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(confDir, { recursive: true, force: true });
    }
  };
  try {
    created = true;
    // A cluster of the same version on the chosen port; small, since it only serves the test.
    run('pg_createcluster', [
      version,
      name,
      '--port',
      String(port),
      '-o',
      'shared_buffers=16MB',
      '-o',
      'max_connections=100',
    ]);
    fs.writeFileSync(
      `${confDir}/pg_hba.conf`,
      [
        '# The read-replica test: trust on this machine only, replication included.',
        'local   all          all                 trust',
        'host    all          all   127.0.0.1/32  trust',
        'host    replication  all   127.0.0.1/32  trust',
        '',
      ].join('\n'),
    );
    // Its own data directory replaced by a copy of the primary; -R writes standby.signal and
    // primary_conninfo, -X stream brings the WAL written meanwhile.
    // Emptied, not removed: the folder is the postgres user's (0700), its parent is root's.
    for (const entry of fs.readdirSync(dataDir))
      fs.rmSync(`${dataDir}/${entry}`, { recursive: true, force: true });
    const copyStarted = Date.now();
    run(
      `${VERSION_DIR}/${version}/bin/pg_basebackup`,
      [
        '-h',
        primary.hostname,
        '-p',
        primary.port || '5432',
        '-U',
        decodeURIComponent(primary.username || 'postgres'),
        '-D',
        dataDir,
        '-R',
        '-X',
        'stream',
        '--checkpoint=fast',
        '--no-sync',
      ],
      true,
    );
    baseBackup = { ms: Date.now() - copyStarted, bytes: folderBytes(dataDir) };
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start']);
  } catch (error) {
    remove();
    throw error;
  }
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const replica: StreamingReplica = {
    name,
    port,
    baseBackup: baseBackup!,
    urlFor,
    async query<T>(text: string, database = 'postgres') {
      const client = new pg.Client({ connectionString: urlFor(database), connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        return (await client.query(text)).rows as T[];
      } finally {
        await client.end();
      }
    },
    stop() {
      run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'stop', '-m', 'immediate']);
    },
    remove,
  };
  // Accepting connections and in recovery (a standby), or it is no replica.
  const deadline = Date.now() + 30_000;
  let standby: boolean | undefined;
  while (standby === undefined) {
    try {
      const [row] = await replica.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
      standby = row?.standby ?? false;
    } catch (error) {
      if (Date.now() > deadline) {
        remove();
        throw new Error(`the replica ${name} did not accept connections within 30 s`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  if (!standby) {
    remove();
    throw new Error(`${name} started but is not in recovery: not a standby`);
  }
  return replica;
}
