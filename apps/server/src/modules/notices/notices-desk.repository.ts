import type { Language } from '@partsportal/contract/codes';
import type { NoticeState } from '@partsportal/contract/notices-desk';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like-patterns';
import { queryRows, type Db } from '../../db/client';
import { companies } from '../../db/schema/accounts';
import { noticeCompanies, notices } from '../../db/schema/trading';
import { TITLE } from './notices.repository';

export type NoticeValues = Omit<typeof notices.$inferInsert, 'id' | 'accountId' | 'attachments'>;
export type StoredNotice = typeof notices.$inferSelect;

/** What a buyer sees of it now; the same rules as the buyers' `visible` (notices.repository.ts). */
const STATE = sql`case when not n.is_published then 'draft'
  when n.published_at > now() then 'scheduled'
  when n.publish_until is not null and n.publish_until <= now() then 'expired'
  else 'live' end`;

const READS = sql`
  (select count(*) from notice_reads r where r.notice_id = n.id)::int as read_users,
  (select count(distinct u.company_id) from notice_reads r join users u on u.id = r.user_id
    where r.notice_id = n.id)::int as read_companies`;

export interface NoticeDeskRowData {
  id: number;
  title: string;
  language: Language;
  state: NoticeState;
  is_pinned: boolean;
  publish_from: number;
  publish_until: number | null;
  target_all: boolean;
  company_count: number;
  read_users: number;
  read_companies: number;
}

const normalize = (row: NoticeDeskRowData): NoticeDeskRowData => ({
  ...row,
  id: Number(row.id),
  publish_from: Number(row.publish_from),
  publish_until: row.publish_until === null ? null : Number(row.publish_until),
  company_count: Number(row.company_count),
  read_users: Number(row.read_users),
  read_companies: Number(row.read_companies),
});

/** The back office's side of notices: every notice of the account, whatever its window. */
export function createNoticesDeskRepository(db: Db) {
  const rowColumns = (language: Language) => sql`
    n.id, ${TITLE(language)} as title, n.language, ${STATE} as state, n.is_pinned,
    floor(extract(epoch from n.published_at))::bigint as publish_from,
    floor(extract(epoch from n.publish_until))::bigint as publish_until, n.target_all,
    (select count(*) from notice_companies nc where nc.notice_id = n.id)::int as company_count,
    ${READS}`;

  return {
    /** Pinned first, then newest publish time. */
    async page(
      accountId: number,
      language: Language,
      filter: { keyword: string; state?: NoticeState | undefined },
      page: { offset: number; limit: number },
    ) {
      const conditions: SQL[] = [sql`n.account_id = ${accountId}`];
      if (filter.keyword) {
        const pattern = containsPattern(filter.keyword);
        conditions.push(
          sql`(n.title_zh ilike ${pattern} or n.title_en ilike ${pattern} or n.title_es ilike ${pattern})`,
        );
      }
      if (filter.state) conditions.push(sql`${STATE} = ${filter.state}`);
      const where = sql.join(conditions, sql` and `);
      const [rows, [count]] = await Promise.all([
        queryRows<NoticeDeskRowData>(
          db,
          sql`select ${rowColumns(language)} from notices n where ${where}
            order by n.is_pinned desc, n.published_at desc, n.id desc
            limit ${page.limit} offset ${page.offset}`,
        ),
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from notices n where ${where}`),
      ]);
      return { rows: rows.map(normalize), total: Number(count!.total) };
    },

    /** State and read counts of one notice. */
    async summary(accountId: number, id: number, language: Language) {
      const [row] = await queryRows<NoticeDeskRowData>(
        db,
        sql`select ${rowColumns(language)} from notices n where n.account_id = ${accountId} and n.id = ${id}`,
      );
      return row && normalize(row);
    },

    async find(accountId: number, id: number, forUpdate = false): Promise<StoredNotice | undefined> {
      const query = db
        .select()
        .from(notices)
        .where(and(eq(notices.accountId, accountId), eq(notices.id, id)))
        .limit(1);
      const [row] = await (forUpdate ? query.for('update') : query);
      return row;
    },

    async targets(noticeId: number) {
      return db
        .select({ id: companies.id, code: companies.code, name: companies.name })
        .from(noticeCompanies)
        .innerJoin(companies, eq(companies.id, noticeCompanies.companyId))
        .where(eq(noticeCompanies.noticeId, noticeId))
        .orderBy(asc(companies.id));
    },

    /** Those of `ids` that are customer companies of the account. */
    async customerCompanies(accountId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(eq(companies.accountId, accountId), eq(companies.isCustomer, true), inArray(companies.id, ids)),
        );
      return rows.map((row) => row.id);
    },

    async insert(accountId: number, values: NoticeValues) {
      const [row] = await db
        .insert(notices)
        .values({ ...values, accountId })
        .returning({ id: notices.id });
      return row!.id;
    },

    async update(id: number, values: Partial<NoticeValues>) {
      await db.update(notices).set(values).where(eq(notices.id, id));
    },

    async setTargets(noticeId: number, companyIds: number[]) {
      await db.delete(noticeCompanies).where(eq(noticeCompanies.noticeId, noticeId));
      if (companyIds.length > 0)
        await db.insert(noticeCompanies).values(companyIds.map((companyId) => ({ noticeId, companyId })));
    },

    /** Targets and read marks go with it (on delete cascade). */
    async delete(id: number) {
      await db.delete(notices).where(eq(notices.id, id));
    },
  };
}

export type NoticesDeskRepository = ReturnType<typeof createNoticesDeskRepository>;
