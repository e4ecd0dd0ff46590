/**
 * `npm run admin -- <command>`: the wholesaler's operator commands, on the database the server is
 * configured for (DATABASE_URL, else PGlite in DATA_DIR — stop the server first on PGlite, whose
 * data folder opens in one process only).
 *
 *   staff create --login NAME --name "Full name" --role owner|sales|catalogue [--password P]
 *                [--account N] [--account-name NAME]   (a fresh database gets its account here)
 *
 *   api-key create --name erp --scopes stock:write,prices:write [--expires-days N] [--rate-limit N]
 *   api-key list
 *   api-key revoke --prefix pp_live_XXXXXXXX
 *
 *   demo remove   (the README's demo sign-ins stop working; cli/demo-commands.ts)
 *
 *   db copy --to postgres://…  |  db backup --out FILE  |  db restore --from FILE --data-dir DIR
 *                (cli/database-commands.ts; the server stopped)
 *
 *   webhook create --key pp_live_XXXXXXXX --url URL --events order.paid,… | webhook list | webhook delete --id N
 *
 * Without --password a temporary password is generated and printed once; the member changes it
 * at the first sign-in and enrols a TOTP app. An API key is printed once; only its hash is kept.
 * Every command writes the audit log as `command`.
 */
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@partsportal/contract/endpoint';
import { API_SCOPES, type ApiScope } from '@partsportal/contract/integration';
import { staffCreateRequestSchema } from '@partsportal/contract/staff';
import { DEFAULT_ACCOUNT_ID } from '@partsportal/contract/auth';
import { loadConfig } from '../config';
import { maintenanceTimeouts, openDatabase } from '../db/client';
import { createApiKeysService } from '../modules/integration/api-keys.service';
import { insertStaffMember, temporaryPassword } from '../modules/staff/staff.service';
import { AppError } from '../platform/errors';
import { translate } from '../platform/messages';
import { passwordHasher } from '../platform/password';
import { WEBHOOK_USAGE, webhookCommand } from './webhook-command';
import { createDataAccess } from '../repositories';
import { commandActor, withDatabase } from './command-support';
import { DATABASE_USAGE, databaseCommand } from './database-commands';
import { DEMO_USAGE, demoCommand } from './demo-commands';

const USAGE = [
  'usage: npm run admin -- staff create --login NAME --name "Full name" --role owner|sales|catalogue [--password P] [--account N] [--account-name NAME]',
  `       npm run admin -- api-key create --name NAME --scopes ${API_SCOPES.join(',')} [--expires-days N] [--rate-limit N]`,
  '       npm run admin -- api-key list',
  '       npm run admin -- api-key revoke --prefix pp_live_XXXXXXXX',
  ...DATABASE_USAGE,
  ...DEMO_USAGE,
  ...WEBHOOK_USAGE,
].join('\n');

async function apiKeyCommand(verb: string | undefined, rest: string[]): Promise<number> {
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      scopes: { type: 'string' },
      'expires-days': { type: 'string' },
      'rate-limit': { type: 'string' },
      prefix: { type: 'string' },
      account: { type: 'string' },
    },
    strict: true,
  });
  const accountId = values.account ? Number(values.account) : DEFAULT_ACCOUNT_ID;
  if (verb === 'create') {
    const scopes = (values.scopes ?? '')
      .split(',')
      .map((scope) => scope.trim())
      .filter(Boolean);
    const unknown = scopes.filter((scope) => !(API_SCOPES as readonly string[]).includes(scope));
    if (!values.name?.trim() || scopes.length === 0 || unknown.length > 0) {
      console.error(
        `${unknown.length > 0 ? `Unknown scopes: ${unknown.join(', ')}. ` : ''}--name and --scopes are required (scopes: ${API_SCOPES.join(', ')})\n${USAGE}`,
      );
      return 2;
    }
    const days = values['expires-days'] ? Number(values['expires-days']) : undefined;
    const rate = values['rate-limit'] ? Number(values['rate-limit']) : undefined;
    if (
      (days !== undefined && !(days > 0)) ||
      (rate !== undefined && !(Number.isInteger(rate) && rate > 0))
    ) {
      console.error(`--expires-days and --rate-limit must be positive numbers\n${USAGE}`);
      return 2;
    }
    const created = await withDatabase(async (database) => {
      const service = createApiKeysService(createDataAccess(database));
      return service.create(
        {
          accountId,
          name: values.name!.trim(),
          scopes: scopes as ApiScope[],
          expiresAt: days ? new Date(Date.now() + days * 86_400_000) : null,
          ...(rate ? { rateLimitPerMinute: rate } : {}),
        },
        commandActor(),
      );
    });
    console.log(`API key "${values.name}" created (id ${created.id}, scopes ${scopes.join(', ')}).`);
    console.log('Shown once — store it now; only its hash is kept:');
    console.log(created.key);
    return 0;
  }
  if (verb === 'list') {
    const keys = await withDatabase((database) =>
      createApiKeysService(createDataAccess(database)).list(accountId),
    );
    for (const key of keys) {
      const state = key.revokedAt
        ? 'revoked'
        : key.expiresAt && key.expiresAt < new Date()
          ? 'expired'
          : 'active';
      console.log(
        [
          key.prefix,
          key.name,
          state,
          key.scopes.join(','),
          `last used ${key.lastUsedAt?.toISOString() ?? 'never'}`,
        ].join('  '),
      );
    }
    if (keys.length === 0) console.log('No API keys.');
    return 0;
  }
  if (verb === 'revoke') {
    if (!values.prefix) {
      console.error(`--prefix is required\n${USAGE}`);
      return 2;
    }
    const revoked = await withDatabase((database) =>
      createApiKeysService(createDataAccess(database)).revoke(
        accountId,
        { prefix: values.prefix! },
        commandActor(),
      ),
    );
    if (!revoked) {
      console.error(`No active key with prefix ${values.prefix}.`);
      return 1;
    }
    console.log(`API key ${revoked.prefix} ("${revoked.name}") revoked.`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

async function main(argv: string[]): Promise<number> {
  const [area, verb, ...rest] = argv;
  if (area === 'api-key') return apiKeyCommand(verb, rest);
  if (area === 'db') return databaseCommand(verb, rest);
  if (area === 'demo') return demoCommand(verb, rest);
  if (area === 'webhook')
    return webhookCommand(verb, rest, { withDatabase, actor: commandActor(), usage: USAGE });
  if (area !== 'staff' || verb !== 'create') {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      login: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      account: { type: 'string' },
      'account-name': { type: 'string' },
    },
    strict: true,
  });
  const parsed = staffCreateRequestSchema.safeParse({
    login: values.login,
    name: values.name,
    role: values.role,
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    console.error(`Missing or invalid: ${fields} (role is one of ${STAFF_ROLES.join(', ')})\n${USAGE}`);
    return 2;
  }
  if (values.password !== undefined && values.password.length < 8) {
    console.error('--password must have at least 8 characters');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: maintenanceTimeouts(config.databaseTimeouts),
  });
  try {
    const password = values.password ?? temporaryPassword();
    const passwordHash = await passwordHasher.hash(password, config.passwordHashMemoryKiB);
    const { transaction } = createDataAccess(database);
    const accountId = values.account ? Number(values.account) : DEFAULT_ACCOUNT_ID;
    const id = await transaction(async (tx) => {
      await tx.staff.ensureAccount(accountId, values['account-name'] ?? 'PartsPortal');
      return insertStaffMember(
        tx,
        {
          accountId,
          login: parsed.data.login,
          name: parsed.data.name,
          role: parsed.data.role as StaffRole,
          passwordHash,
          // A password typed on the command line is the operator's own choice; a generated one is not.
          mustChangePassword: values.password === undefined,
        },
        commandActor(),
      );
    });
    console.log(`Staff member ${parsed.data.login} (${parsed.data.role}) created, id ${id}.`);
    if (values.password === undefined) {
      console.log(`Temporary password (shown once, to be changed at the first sign-in): ${password}`);
    }
    console.log('The first sign-in at /admin/login enrols an authenticator app (TOTP).');
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(translate(error.messageKey, 'en', error.params));
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
