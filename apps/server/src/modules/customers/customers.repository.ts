import { containsPattern } from '../../db/like-patterns';
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, companies, priceLevels, users } from '../../db/schema/accounts';
import { brands, customerPartNumbers, products } from '../../db/schema/catalog';

interface Page {
  offset: number;
  limit: number;
}

const companyColumns = {
  id: companies.id,
  code: companies.code,
  name: companies.name,
  sortName: companies.sortName,
  priceLevelId: companies.priceLevelId,
  priceLevelName: priceLevels.name,
  creditLimit: companies.creditLimit,
  paymentDays: companies.paymentDays,
  currency: companies.currency,
  isActive: companies.isActive,
  createdAt: companies.createdAt,
  userCount: sql<number>`(select count(*)::int from ${users} where ${users.companyId} = ${companies.id})`,
  myNumberCount: sql<number>`(select count(*)::int from ${customerPartNumbers} where ${customerPartNumbers.companyId} = ${companies.id})`,
};

/** What staff see of a user; never the password hash. */
const userColumns = {
  id: users.id,
  companyId: users.companyId,
  userId: users.userId,
  name: users.name,
  menus: users.menus,
  tags: users.tags,
  showAddress: users.showAddress,
  productDetailTitleShowMyNumber: users.productDetailTitleShowMyNumber,
  isActive: users.isActive,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
};

/**
 * Customer companies, their users and their own part numbers, for the back office. Every read
 * and write names the account: a staff member of one wholesaler never reaches another's rows.
 */
export function createCustomersRepository(db: Db) {
  const companyWhere = (accountId: number, keyword: string, enabled: boolean | undefined): SQL | undefined =>
    and(
      eq(companies.accountId, accountId),
      eq(companies.isCustomer, true),
      keyword
        ? or(
            ilike(companies.code, containsPattern(keyword)),
            ilike(companies.name, containsPattern(keyword)),
            ilike(companies.sortName, containsPattern(keyword)),
          )
        : undefined,
      enabled === undefined ? undefined : eq(companies.isActive, enabled),
    );

  return {
    async pageCompanies(accountId: number, filter: { keyword: string; enabled?: boolean }, page: Page) {
      const where = companyWhere(accountId, filter.keyword, filter.enabled);
      const [rows, [total]] = await Promise.all([
        db
          .select(companyColumns)
          .from(companies)
          .leftJoin(priceLevels, eq(priceLevels.id, companies.priceLevelId))
          .where(where)
          .orderBy(asc(companies.code), asc(companies.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(companies).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findCompany(accountId: number, id: number) {
      const [row] = await db
        .select(companyColumns)
        .from(companies)
        .leftJoin(priceLevels, eq(priceLevels.id, companies.priceLevelId))
        .where(and(eq(companies.accountId, accountId), eq(companies.id, id), eq(companies.isCustomer, true)))
        .limit(1);
      return row;
    },

    /** The row, held until the transaction ends, so two edits of one company apply one after the other. */
    async lockCompany(accountId: number, id: number) {
      const [row] = await db
        .select()
        .from(companies)
        .where(and(eq(companies.accountId, accountId), eq(companies.id, id), eq(companies.isCustomer, true)))
        .limit(1)
        .for('update');
      return row;
    },

    async companyCodeTaken(accountId: number, code: string, exceptId?: number) {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(
            eq(companies.accountId, accountId),
            sql`lower(${companies.code}) = lower(${code})`,
            exceptId === undefined ? undefined : ne(companies.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Company ids by code (lower-cased), for the codes that exist. */
    async companyIdsByCode(accountId: number, codes: readonly string[]): Promise<Map<string, number>> {
      if (codes.length === 0) return new Map();
      const rows = await db
        .select({ id: companies.id, code: sql<string>`lower(${companies.code})` })
        .from(companies)
        .where(
          and(
            eq(companies.accountId, accountId),
            sql`lower(${companies.code}) in (select lower(c) from json_array_elements_text(${JSON.stringify(codes)}::json) c)`,
          ),
        );
      return new Map(rows.map((row) => [row.code, row.id]));
    },

    /** Users by user_id (lower-cased), for the ids that exist: their row id and company. */
    async usersByUserId(
      accountId: number,
      userIds: readonly string[],
    ): Promise<Map<string, { id: number; companyId: number }>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, companyId: users.companyId, userId: sql<string>`lower(${users.userId})` })
        .from(users)
        .where(
          and(
            eq(users.accountId, accountId),
            sql`lower(${users.userId}) in (select lower(u) from json_array_elements_text(${JSON.stringify(userIds)}::json) u)`,
          ),
        );
      return new Map(rows.map((row) => [row.userId, { id: row.id, companyId: row.companyId }]));
    },

    /** undefined when the code is taken (also by a concurrent insert). */
    async insertCompany(values: typeof companies.$inferInsert) {
      const [row] = await db
        .insert(companies)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: companies.id });
      return row?.id;
    },

    async updateCompany(id: number, values: Partial<typeof companies.$inferInsert>) {
      await db.update(companies).set(values).where(eq(companies.id, id));
    },

    /** A new company's currency when staff give none. */
    async accountCurrency(accountId: number) {
      const [row] = await db
        .select({ currency: accounts.currency })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return row?.currency ?? 'CNY';
    },

    async priceLevels(accountId: number) {
      return db
        .select({ id: priceLevels.id, name: priceLevels.name, factor: priceLevels.factor })
        .from(priceLevels)
        .where(eq(priceLevels.accountId, accountId))
        .orderBy(asc(priceLevels.id));
    },

    async findPriceLevel(accountId: number, id: number) {
      const [row] = await db
        .select({ id: priceLevels.id, name: priceLevels.name })
        .from(priceLevels)
        .where(and(eq(priceLevels.accountId, accountId), eq(priceLevels.id, id)))
        .limit(1);
      return row;
    },

    async pageUsers(accountId: number, companyId: number, keyword: string, page: Page) {
      const where = and(
        eq(users.accountId, accountId),
        eq(users.companyId, companyId),
        keyword
          ? or(ilike(users.userId, containsPattern(keyword)), ilike(users.name, containsPattern(keyword)))
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .where(where)
          .orderBy(asc(users.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async lockUser(accountId: number, id: number) {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.id, id)))
        .limit(1)
        .for('update');
      return row;
    },

    async userIdTaken(accountId: number, userId: string, exceptId?: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.accountId, accountId),
            sql`lower(${users.userId}) = lower(${userId})`,
            exceptId === undefined ? undefined : ne(users.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** undefined when the user_id is taken (also by a concurrent insert). */
    async insertUser(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
      return row?.id;
    },

    async updateUser(id: number, values: Partial<typeof users.$inferInsert>) {
      await db.update(users).set(values).where(eq(users.id, id));
    },

    async pageMyNumbers(companyId: number, keyword: string, page: Page) {
      const where = and(
        eq(customerPartNumbers.companyId, companyId),
        keyword
          ? or(
              ilike(customerPartNumbers.myNumber, containsPattern(keyword)),
              ilike(products.number, containsPattern(keyword)),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            productId: customerPartNumbers.productId,
            brand: brands.name,
            number: products.number,
            myNumber: customerPartNumbers.myNumber,
          })
          .from(customerPartNumbers)
          .innerJoin(products, eq(products.id, customerPartNumbers.productId))
          .innerJoin(brands, eq(brands.id, products.brandId))
          .where(where)
          .orderBy(asc(customerPartNumbers.myNumberKey), asc(products.id))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ n: count() })
          .from(customerPartNumbers)
          .innerJoin(products, eq(products.id, customerPartNumbers.productId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Products of the account with these number keys, with their brand, for matching file rows. */
    async productsByNumberKeys(accountId: number, numberKeys: string[]) {
      if (numberKeys.length === 0) return [];
      return db
        .select({ id: products.id, numberKey: products.numberKey, brand: brands.name })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(and(eq(products.accountId, accountId), inArray(products.numberKey, numberKeys)));
    },

    async myNumbersOf(companyId: number, productIds: number[]) {
      if (productIds.length === 0) return [];
      return db
        .select({ productId: customerPartNumbers.productId, myNumber: customerPartNumbers.myNumber })
        .from(customerPartNumbers)
        .where(
          and(
            eq(customerPartNumbers.companyId, companyId),
            inArray(customerPartNumbers.productId, productIds),
          ),
        );
    },

    async upsertMyNumbers(
      rows: Array<{ companyId: number; productId: number; myNumber: string; myNumberKey: string }>,
    ) {
      if (rows.length === 0) return;
      await db
        .insert(customerPartNumbers)
        .values(rows)
        .onConflictDoUpdate({
          target: [customerPartNumbers.companyId, customerPartNumbers.productId],
          set: {
            myNumber: sql`excluded.my_number`,
            myNumberKey: sql`excluded.my_number_key`,
          },
        });
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
