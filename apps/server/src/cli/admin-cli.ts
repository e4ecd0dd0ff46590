/**
 * `npm run admin -- <command>`: the wholesaler's operator commands, on the database the server is
 * configured for (DATABASE_URL, else PGlite in DATA_DIR — stop the server first on PGlite, whose
 * data folder opens in one process only).
 *
 *   staff create --login NAME --name "Full name" --role owner|sales|catalogue [--password P]
 *                [--account N] [--account-name NAME]   (a fresh database gets its account here)
 *
 * Without --password a temporary password is generated and printed once; the member changes it
 * at the first sign-in and enrols a TOTP app. Every command writes the audit log as `command`.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@partsportal/contract/endpoint';
import { staffCreateRequestSchema } from '@partsportal/contract/staff';
import { DEFAULT_ACCOUNT_ID } from '@partsportal/contract/auth';
import { loadConfig } from '../config';
import { maintenanceTimeouts, openDatabase } from '../db/client';
import { insertStaffMember, temporaryPassword } from '../modules/staff/staff.service';
import { AppError } from '../platform/errors';
import { translate } from '../platform/messages';
import { passwordHasher } from '../platform/password';
import { createDataAccess } from '../repositories';

const USAGE = [
  'usage: npm run admin -- staff create --login NAME --name "Full name" --role owner|sales|catalogue [--password P] [--account N] [--account-name NAME]',
].join('\n');

async function main(argv: string[]): Promise<number> {
  const [area, verb, ...rest] = argv;
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
        { kind: 'command', id: null, name: `admin-cli:${userInfo().username}`, ip: '' },
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
