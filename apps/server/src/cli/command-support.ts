import { userInfo } from 'node:os';
import { loadConfig, type Config } from '../config';
import { maintenanceTimeouts, openDatabase, type Database } from '../db/client';
import type { AuditActor } from '../modules/audit/audit.repository';

/** Who the audit log names for an operator's command: the machine user who ran it. */
export const commandActor = (): AuditActor => ({
  kind: 'command',
  id: null,
  name: `admin-cli:${userInfo().username}`,
  ip: '',
});

/** Runs `work` on the database the server is configured for, closing it afterwards. */
export async function withDatabase<T>(work: (database: Database, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: maintenanceTimeouts(config.databaseTimeouts),
  });
  try {
    return await work(database, config);
  } finally {
    await database.close();
  }
}
