import { createHash } from 'node:crypto';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import type {
  companyCreateRequestSchema,
  companyListRequestSchema,
  companyUpdateRequestSchema,
  customerUserCreateRequestSchema,
  customerUserListRequestSchema,
  customerUserUpdateRequestSchema,
  MyNumberImportResult,
  myNumberListRequestSchema,
} from '@partsportal/contract/customers';
import { ALL_MENU_CODES, type MenuCode } from '@partsportal/contract/endpoint';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { StaffContext } from '../../platform/auth-context';
import { AppError, refused } from '../../platform/errors';
import { translate, type MessageKey, type MessageParams } from '../../platform/messages';
import { passwordHasher, type PasswordHasher } from '../../platform/password';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields, type AuditActor } from '../audit/audit.repository';
import type { SpreadsheetReader } from '../cart/spreadsheet-reader';
import { staffActor, temporaryPassword } from '../staff/staff.service';
import { countRowResults } from '../imports/sheet-upload';
import { readMyNumberFile } from './my-number-file';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const notFound = () => new AppError(ResultCode.notFound, 'notFound');
/** Rows per statement when matching and writing my numbers (4 parameters a row, under 65,535). */
const BATCH_ROWS = 2000;

type CompanyRow = NonNullable<Awaited<ReturnType<Repositories['customers']['findCompany']>>>;
type UserRow = NonNullable<Awaited<ReturnType<Repositories['customers']['lockUser']>>>;

const companyAnswer = (row: CompanyRow) => ({
  id: row.id,
  code: row.code ?? '',
  name: row.name,
  sort_name: row.sortName,
  price_level_id: row.priceLevelId,
  price_level_name: row.priceLevelName,
  credit_limit: row.creditLimit,
  payment_days: row.paymentDays,
  currency: row.currency,
  enabled: row.isActive,
  user_count: row.userCount,
  my_number_count: row.myNumberCount,
  created_at: seconds(row.createdAt),
});

/** What the audit log keeps of a user, and what an update compares. */
const userAudit = (
  row: Pick<
    UserRow,
    'userId' | 'name' | 'menus' | 'tags' | 'showAddress' | 'productDetailTitleShowMyNumber' | 'isActive'
  >,
) => ({
  user_id: row.userId,
  name: row.name,
  menus: row.menus,
  tags: row.tags,
  show_address: row.showAddress,
  product_detail_title_show_my_number: row.productDetailTitleShowMyNumber,
  enabled: row.isActive,
});

/** Known codes only, each once, in the contract's order (so an audit diff shows real changes). */
function checkMenus(menus: readonly string[]): MenuCode[] {
  const unknown = menus.find((code) => !(ALL_MENU_CODES as readonly string[]).includes(code));
  if (unknown !== undefined) throw refused('customerMenuUnknown', { code: unknown });
  if (menus.length === 0) throw refused('customerMenusEmpty');
  return ALL_MENU_CODES.filter((code) => menus.includes(code));
}

const uniqueTags = (tags: readonly string[]) => [...new Set(tags)];

async function checkPriceLevel(tx: Repositories, accountId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!(await tx.customers.findPriceLevel(accountId, id))) throw refused('priceLevelUnknown', { id });
}

/** Who writes a customer record: the account, and the actor the audit log names (staff or an API key). */
export interface CustomerWriter {
  accountId: number;
  actor: AuditActor;
}

const writer = (staff: StaffContext, ip: string): CustomerWriter => ({
  accountId: staff.accountId,
  actor: staffActor(staff, ip),
});

/**
 * The customer writes, inside the caller's transaction, each with its audit entry (the changed
 * fields): one per call in the back office, many in one transaction for the integration API's
 * customer batches. Refusals are `AppError`s thrown before any statement that could fail, so a
 * caller may catch one and go on in the same transaction.
 */
export const customerWrites = {
  async createCompany(
    tx: Repositories,
    who: CustomerWriter,
    body: z.output<typeof companyCreateRequestSchema>,
  ): Promise<number> {
    await checkPriceLevel(tx, who.accountId, body.price_level_id);
    if (await tx.customers.companyCodeTaken(who.accountId, body.code))
      throw new AppError(ResultCode.conflict, 'companyCodeTaken', { code: body.code });
    const currency = body.currency ?? (await tx.customers.accountCurrency(who.accountId));
    const values = {
      code: body.code,
      name: body.name,
      sort_name: body.sort_name || body.name.slice(0, 64),
      price_level_id: body.price_level_id,
      credit_limit: body.credit_limit,
      payment_days: body.payment_days,
      currency,
      enabled: body.enabled,
    };
    const created = await tx.customers.insertCompany({
      accountId: who.accountId,
      code: values.code,
      name: values.name,
      sortName: values.sort_name,
      priceLevelId: values.price_level_id,
      creditLimit: values.credit_limit,
      paymentDays: values.payment_days,
      currency: values.currency,
      isActive: values.enabled,
    });
    if (created === undefined)
      throw new AppError(ResultCode.conflict, 'companyCodeTaken', { code: body.code });
    await tx.audit.record({
      accountId: who.accountId,
      actor: who.actor,
      action: 'company.create',
      entity: 'company',
      entityId: created,
      changes: changedFields(null, values),
    });
    return created;
  },

  /** Answers the fields changed (none: nothing written). */
  async updateCompany(
    tx: Repositories,
    who: CustomerWriter,
    body: z.output<typeof companyUpdateRequestSchema>,
    now: Date,
  ) {
    const company = await tx.customers.lockCompany(who.accountId, body.id);
    if (!company) throw notFound();
    if (body.price_level_id !== company.priceLevelId)
      await checkPriceLevel(tx, who.accountId, body.price_level_id);
    if (
      body.code !== undefined &&
      body.code.toLowerCase() !== (company.code ?? '').toLowerCase() &&
      (await tx.customers.companyCodeTaken(who.accountId, body.code, company.id))
    ) {
      throw new AppError(ResultCode.conflict, 'companyCodeTaken', { code: body.code });
    }
    const before = {
      code: company.code,
      name: company.name,
      sort_name: company.sortName,
      price_level_id: company.priceLevelId,
      credit_limit: company.creditLimit,
      payment_days: company.paymentDays,
      currency: company.currency,
      enabled: company.isActive,
    };
    const after = {
      code: body.code ?? before.code,
      name: body.name ?? before.name,
      sort_name: body.sort_name ?? before.sort_name,
      price_level_id: body.price_level_id === undefined ? before.price_level_id : body.price_level_id,
      // Compared as money, so "5000" sent for "5000.0000" stored is no change.
      credit_limit:
        body.credit_limit === undefined || Number(body.credit_limit) === Number(before.credit_limit)
          ? before.credit_limit
          : body.credit_limit,
      payment_days: body.payment_days ?? before.payment_days,
      currency: body.currency ?? before.currency,
      enabled: body.enabled ?? before.enabled,
    };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length === 0) return changes;
    await tx.customers.updateCompany(company.id, {
      code: after.code,
      name: after.name,
      sortName: after.sort_name,
      priceLevelId: after.price_level_id,
      creditLimit: after.credit_limit,
      paymentDays: after.payment_days,
      currency: after.currency,
      isActive: after.enabled,
    });
    // The check at every call already refuses them; ending the sessions keeps a later
    // re-enable from bringing yesterday's tokens back.
    if (changes.enabled && !after.enabled) await tx.auth.revokeCompanySessions(company.id, 'elsewhere', now);
    await tx.audit.record({
      accountId: who.accountId,
      actor: who.actor,
      action: 'company.update',
      entity: 'company',
      entityId: company.id,
      changes,
    });
    return changes;
  },

  /** A new user with a hashed initial password that must be changed at the first sign-in. */
  async createUser(
    tx: Repositories,
    who: CustomerWriter,
    body: z.output<typeof customerUserCreateRequestSchema>,
    passwordHash: string,
  ): Promise<number> {
    const menus = checkMenus(body.menus);
    const company = await tx.customers.lockCompany(who.accountId, body.company_id);
    if (!company) throw notFound();
    if (await tx.customers.userIdTaken(who.accountId, body.user_id))
      throw new AppError(ResultCode.conflict, 'customerUserIdTaken', { user_id: body.user_id });
    const values = {
      userId: body.user_id,
      name: body.name,
      menus,
      tags: uniqueTags(body.tags),
      showAddress: body.show_address,
      productDetailTitleShowMyNumber: body.product_detail_title_show_my_number,
      isActive: body.enabled,
    };
    const created = await tx.customers.insertUser({
      accountId: who.accountId,
      companyId: company.id,
      passwordHash,
      mustChangePassword: true,
      ...values,
    });
    if (created === undefined)
      throw new AppError(ResultCode.conflict, 'customerUserIdTaken', { user_id: body.user_id });
    await tx.audit.record({
      accountId: who.accountId,
      actor: who.actor,
      action: 'customer-user.create',
      entity: 'user',
      entityId: created,
      changes: changedFields(null, { company_id: company.id, ...userAudit(values) }),
    });
    return created;
  },

  /** Answers the fields changed (none: nothing written). */
  async updateUser(
    tx: Repositories,
    who: CustomerWriter,
    body: z.output<typeof customerUserUpdateRequestSchema>,
    now: Date,
  ) {
    const menus = body.menus === undefined ? undefined : checkMenus(body.menus);
    const user = await tx.customers.lockUser(who.accountId, body.id);
    if (!user) throw notFound();
    if (
      body.user_id !== undefined &&
      body.user_id.toLowerCase() !== user.userId.toLowerCase() &&
      (await tx.customers.userIdTaken(who.accountId, body.user_id, user.id))
    ) {
      throw new AppError(ResultCode.conflict, 'customerUserIdTaken', { user_id: body.user_id });
    }
    const before = userAudit(user);
    const after = {
      user_id: body.user_id ?? before.user_id,
      name: body.name ?? before.name,
      menus: menus ?? before.menus,
      tags: body.tags === undefined ? before.tags : uniqueTags(body.tags),
      show_address: body.show_address ?? before.show_address,
      product_detail_title_show_my_number:
        body.product_detail_title_show_my_number ?? before.product_detail_title_show_my_number,
      enabled: body.enabled ?? before.enabled,
    };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length === 0) return changes;
    // Sessions are read from the database at every call (auth.service authenticate), so new
    // menus and switches apply to the user's next call in every server process.
    await tx.customers.updateUser(user.id, {
      userId: after.user_id,
      name: after.name,
      menus: after.menus,
      tags: after.tags,
      showAddress: after.show_address,
      productDetailTitleShowMyNumber: after.product_detail_title_show_my_number,
      isActive: after.enabled,
    });
    if (changes.enabled && !after.enabled) await tx.auth.revokeUserSessions(user.id, 'elsewhere', now);
    await tx.audit.record({
      accountId: who.accountId,
      actor: who.actor,
      action: 'customer-user.update',
      entity: 'user',
      entityId: user.id,
      changes,
    });
    return changes;
  },
};

/**
 * The back office's customers (issue 14 item 5). Every write is one transaction with its audit
 * entry; a staff member reaches only the companies of their own account (not found otherwise,
 * indistinguishable from a missing id).
 */
export function createCustomersService(
  deps: DataAccess & {
    config: Config;
    reader: SpreadsheetReader;
    now?: () => Date;
    passwords?: PasswordHasher;
  },
) {
  const { repos, transaction, config } = deps;
  const now = deps.now ?? (() => new Date());
  const passwords = deps.passwords ?? passwordHasher;
  const hash = (password: string) => passwords.hash(password, config.passwordHashMemoryKiB);

  async function companyOf(accountId: number, companyId: number) {
    const company = await repos.customers.findCompany(accountId, companyId);
    if (!company) throw notFound();
    return company;
  }

  return {
    async listCompanies(staff: StaffContext, body: z.output<typeof companyListRequestSchema>) {
      const { rows, total } = await repos.customers.pageCompanies(
        staff.accountId,
        { keyword: body.keyword, ...(body.enabled === undefined ? {} : { enabled: body.enabled }) },
        { offset: (body.page - 1) * body.pageSize, limit: body.pageSize },
      );
      return { list: rows.map(companyAnswer), total };
    },

    async getCompany(staff: StaffContext, id: number) {
      return companyAnswer(await companyOf(staff.accountId, id));
    },

    async createCompany(staff: StaffContext, body: z.output<typeof companyCreateRequestSchema>, ip: string) {
      const id = await transaction((tx) => customerWrites.createCompany(tx, writer(staff, ip), body));
      return { id };
    },

    async updateCompany(staff: StaffContext, body: z.output<typeof companyUpdateRequestSchema>, ip: string) {
      await transaction((tx) => customerWrites.updateCompany(tx, writer(staff, ip), body, now()));
      return null;
    },

    async priceLevels(staff: StaffContext) {
      return repos.customers.priceLevels(staff.accountId);
    },

    async listUsers(staff: StaffContext, body: z.output<typeof customerUserListRequestSchema>) {
      await companyOf(staff.accountId, body.company_id);
      const { rows, total } = await repos.customers.pageUsers(
        staff.accountId,
        body.company_id,
        body.keyword,
        {
          offset: (body.page - 1) * body.pageSize,
          limit: body.pageSize,
        },
      );
      return {
        list: rows.map((row) => ({
          id: row.id,
          company_id: row.companyId,
          ...userAudit(row),
          must_change_password: row.mustChangePassword,
          created_at: seconds(row.createdAt),
        })),
        total,
      };
    },

    async createUser(
      staff: StaffContext,
      body: z.output<typeof customerUserCreateRequestSchema>,
      ip: string,
    ) {
      checkMenus(body.menus);
      const password = temporaryPassword();
      const passwordHash = await hash(password);
      const id = await transaction((tx) =>
        customerWrites.createUser(tx, writer(staff, ip), body, passwordHash),
      );
      return { id, temporary_password: password };
    },

    async updateUser(
      staff: StaffContext,
      body: z.output<typeof customerUserUpdateRequestSchema>,
      ip: string,
    ) {
      if (body.menus !== undefined) checkMenus(body.menus);
      await transaction((tx) => customerWrites.updateUser(tx, writer(staff, ip), body, now()));
      return null;
    },

    async resetUserPassword(staff: StaffContext, id: number, ip: string) {
      const password = temporaryPassword();
      const passwordHash = await hash(password);
      await transaction(async (tx) => {
        const user = await tx.customers.lockUser(staff.accountId, id);
        if (!user) throw notFound();
        await tx.customers.updateUser(id, {
          passwordHash,
          passwordChangedAt: now(),
          mustChangePassword: true,
        });
        // Whoever holds the old password is out now; the user signs in with the temporary one.
        await tx.auth.revokeUserSessions(id, 'password', now());
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'customer-user.reset-password',
          entity: 'user',
          entityId: id,
          changes: changedFields(
            { must_change_password: user.mustChangePassword },
            { must_change_password: true },
          ),
        });
      });
      return { id, temporary_password: password };
    },

    async listMyNumbers(staff: StaffContext, body: z.output<typeof myNumberListRequestSchema>) {
      await companyOf(staff.accountId, body.company_id);
      const { rows, total } = await repos.customers.pageMyNumbers(body.company_id, body.keyword, {
        offset: (body.page - 1) * body.pageSize,
        limit: body.pageSize,
      });
      return {
        list: rows.map((row) => ({
          product_id: row.productId,
          brand: row.brand,
          number: row.number,
          my_number: row.myNumber,
        })),
        total,
      };
    },

    /**
     * A file of (brand, number, my_number): each row is matched to a product of the account by
     * brand and normalized number; rows that match are written in one transaction with one audit
     * entry (file hash and counts), the others are reported with the reason.
     */
    async importMyNumbers(
      staff: StaffContext,
      input: { companyId: number; filename: string; buffer: Buffer },
      language: Language,
      ip: string,
    ): Promise<MyNumberImportResult> {
      await companyOf(staff.accountId, input.companyId);
      const fileRows = await readMyNumberFile(input, deps.reader);
      const message = (key: MessageKey, params?: MessageParams) => translate(key, language, params);

      const keys = [...new Set(fileRows.map((r) => normalizePartNumber(r.number)).filter(Boolean))];
      const candidates = new Map<string, Array<{ id: number; brand: string }>>();
      for (let i = 0; i < keys.length; i += BATCH_ROWS) {
        for (const product of await repos.customers.productsByNumberKeys(
          staff.accountId,
          keys.slice(i, i + BATCH_ROWS),
        )) {
          const list = candidates.get(product.numberKey) ?? [];
          list.push({ id: product.id, brand: product.brand });
          candidates.set(product.numberKey, list);
        }
      }

      const report: MyNumberImportResult['rows'] = [];
      const matched: Array<{ index: number; productId: number; myNumber: string }> = [];
      const seenProduct = new Map<number, number>();
      for (const row of fileRows) {
        const entry = {
          row: row.row,
          brand: row.brand,
          number: row.number,
          my_number: row.myNumber,
          result: 'error' as MyNumberImportResult['rows'][number]['result'],
          message: '',
        };
        report.push(entry);
        const key = normalizePartNumber(row.number);
        if (!key) {
          entry.message = message('myNumberRowNoNumber');
          continue;
        }
        if (!row.myNumber) {
          entry.message = message('myNumberRowNoMyNumber');
          continue;
        }
        if (row.myNumber.length > 64) {
          entry.message = message('myNumberRowTooLong', { max: 64 });
          continue;
        }
        const found = candidates.get(key) ?? [];
        const brand = row.brand.normalize('NFKC').trim().toLowerCase();
        const products = brand
          ? found.filter((p) => p.brand.normalize('NFKC').trim().toLowerCase() === brand)
          : found;
        if (products.length === 0) {
          entry.message = message(
            brand && found.length > 0 ? 'myNumberRowBrandNotFound' : 'myNumberRowProductNotFound',
            { number: row.number, brand: row.brand },
          );
          continue;
        }
        if (products.length > 1) {
          entry.message = message('myNumberRowAmbiguous', { number: row.number });
          continue;
        }
        const productId = products[0]!.id;
        const earlier = seenProduct.get(productId);
        if (earlier !== undefined) {
          entry.message = message('myNumberRowDuplicate', { row: earlier });
          continue;
        }
        seenProduct.set(productId, row.row);
        matched.push({ index: report.length - 1, productId, myNumber: row.myNumber });
      }

      const sha256 = createHash('sha256').update(input.buffer).digest('hex');
      await transaction(async (tx) => {
        const company = await tx.customers.lockCompany(staff.accountId, input.companyId);
        if (!company) throw notFound();
        const writes: Array<{ companyId: number; productId: number; myNumber: string; myNumberKey: string }> =
          [];
        for (let i = 0; i < matched.length; i += BATCH_ROWS) {
          const batch = matched.slice(i, i + BATCH_ROWS);
          const existing = new Map(
            (
              await tx.customers.myNumbersOf(
                company.id,
                batch.map((m) => m.productId),
              )
            ).map((e) => [e.productId, e.myNumber]),
          );
          for (const m of batch) {
            const old = existing.get(m.productId);
            report[m.index]!.result =
              old === undefined ? 'created' : old === m.myNumber ? 'unchanged' : 'updated';
            if (old !== m.myNumber)
              writes.push({
                companyId: company.id,
                productId: m.productId,
                myNumber: m.myNumber,
                myNumberKey: normalizePartNumber(m.myNumber),
              });
          }
        }
        for (let i = 0; i < writes.length; i += BATCH_ROWS)
          await tx.customers.upsertMyNumbers(writes.slice(i, i + BATCH_ROWS));
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'company.import-my-numbers',
          entity: 'company',
          entityId: company.id,
          details: {
            file_name: input.filename.slice(0, 255),
            file_sha256: sha256,
            rows: report.length,
            counts: countRowResults(report),
          },
        });
      });
      return { counts: countRowResults(report), rows: report };
    },

    close: () => deps.reader.close(),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
