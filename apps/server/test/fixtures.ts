import { ALL_MENU_CODES } from '@partsportal/contract/endpoint';
import type { Database } from '../src/db/client';
import type { StaffRole } from '@partsportal/contract/endpoint';
import { accounts, companies, staff, users } from '../src/db/schema/accounts';
import { hashPassword } from '../src/platform/password';

/** Small, explicit records for route tests that must not depend on the demo generator. */
export async function createAccount(database: Database, id = 1) {
  const [row] = await database.db
    .insert(accounts)
    .values({
      id,
      name: `Account ${id}`,
      homeTitle: { zh: '测试门户', en: 'Test portal', es: 'Portal de prueba' },
    })
    .returning();
  return row!;
}

export async function createCompany(database: Database, accountId: number, name: string) {
  const [row] = await database.db
    .insert(companies)
    .values({ accountId, name, sortName: name.slice(0, 12) })
    .returning();
  return row!;
}

export async function createUser(
  database: Database,
  input: {
    accountId: number;
    companyId: number;
    userId: string;
    password: string;
    menus?: string[];
    role?: string;
    tags?: string[];
    showAddress?: boolean;
  },
) {
  const [row] = await database.db
    .insert(users)
    .values({
      accountId: input.accountId,
      companyId: input.companyId,
      userId: input.userId,
      name: input.userId,
      passwordHash: await hashPassword(input.password, 1024),
      menus: input.menus ?? [...ALL_MENU_CODES],
      role: input.role ?? 'customer',
      tags: input.tags ?? [],
      showAddress: input.showAddress ?? false,
    })
    .returning();
  return row!;
}

/** A back-office member; with `totpSecret` already enrolled (sign-in asks for the code). */
export async function createStaffMember(
  database: Database,
  input: { accountId?: number; login: string; password: string; role: StaffRole; totpSecret?: string },
) {
  const [row] = await database.db
    .insert(staff)
    .values({
      accountId: input.accountId ?? 1,
      login: input.login,
      name: `${input.login} (${input.role})`,
      role: input.role,
      passwordHash: await hashPassword(input.password, 1024),
      totpSecret: input.totpSecret ?? null,
    })
    .returning();
  return row!;
}
