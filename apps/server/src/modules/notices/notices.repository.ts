import type { Language } from '@partsportal/contract/codes';
import type { NoticeDetail, NoticeSummary } from '@partsportal/contract/notices';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { containsPattern } from '../../db/like-patterns';

export interface NoticeScope {
  accountId: number;
  companyId: number;
  userId: number;
}

/** The detail's fields (decision 009: from the contract) plus the read mark; content as stored. */
export type NoticeRow = NoticeDetail & Pick<NoticeSummary, 'is_read'>;

// Column names per language come from these maps only, never from the request.
const TITLE_COLUMN: Record<Language, SQL> = { zh: sql`n.title_zh`, en: sql`n.title_en`, es: sql`n.title_es` };
const CONTENT_COLUMN: Record<Language, SQL> = {
  zh: sql`n.content_zh`,
  en: sql`n.content_en`,
  es: sql`n.content_es`,
};

/**
 * The reader's language, or the one the notice was written in where staff left the reader's
 * empty (an empty title means the language was not written; see notice-text.ts).
 */
const inLanguage = (columns: Record<Language, SQL>, language: Language) => sql`case
  when ${TITLE_COLUMN[language]} <> '' then ${columns[language]}
  when n.language = 'en' then ${columns.en}
  when n.language = 'es' then ${columns.es}
  else ${columns.zh} end`;
/** The title a reader of `language` sees (also the desk list's title in the staff member's language). */
export const TITLE = (language: Language) => inLanguage(TITLE_COLUMN, language);
const CONTENT = (language: Language) => inLanguage(CONTENT_COLUMN, language);

/**
 * Published, inside its window, and for every company of the account or targeted at the
 * caller's. A company not targeted never sees the notice, in any call.
 */
const visible = (scope: NoticeScope) =>
  sql`n.account_id = ${scope.accountId} and n.is_published
    and n.published_at <= now() and (n.publish_until is null or n.publish_until > now())
    and (n.target_all or exists (
      select 1 from notice_companies nc where nc.notice_id = n.id and nc.company_id = ${scope.companyId}))`;
const readJoin = (scope: NoticeScope) =>
  sql`left join notice_reads r on r.notice_id = n.id and r.user_id = ${scope.userId}`;

const normalize = (row: NoticeRow): NoticeRow => ({
  ...row,
  id: Number(row.id),
  published_at: Number(row.published_at),
});

export function createNoticesRepository(db: Db) {
  const columns = (language: Language, contentChars: number | null) => sql`
    n.id, ${TITLE(language)} as title,
    ${contentChars === null ? CONTENT(language) : sql`left(${CONTENT(language)}, ${contentChars})`} as content,
    floor(extract(epoch from n.published_at))::bigint as published_at, n.is_pinned,
    (r.notice_id is not null) as is_read, n.attachments`;

  return {
    /**
     * A page of notices, pinned first then newest, with the filter's total and the user's unread
     * count (over all visible notices) from one aggregate. Only the start of the content is read:
     * the summary needs a few hundred characters of it.
     */
    async page(
      scope: NoticeScope,
      language: Language,
      filter: { keyword?: string | undefined; unreadOnly: boolean },
      page: number,
      pageSize: number,
      contentChars: number,
    ) {
      const conditions = [visible(scope)];
      if (filter.unreadOnly) conditions.push(sql`r.notice_id is null`);
      if (filter.keyword) {
        // Markup is not text: "strong" must not match every notice with bold words.
        const pattern = containsPattern(filter.keyword);
        conditions.push(
          sql`(${TITLE(language)} ilike ${pattern} or regexp_replace(${CONTENT(language)}, '<[^>]*>', ' ', 'g') ilike ${pattern})`,
        );
      }
      const where = sql.join(conditions, sql` and `);
      const [rows, counts] = await Promise.all([
        queryRows<NoticeRow>(
          db,
          sql`
          select ${columns(language, contentChars)} from notices n ${readJoin(scope)}
          where ${where}
          order by n.is_pinned desc, n.published_at desc, n.id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
        ),
        queryRows<{ total: number; unread: number }>(
          db,
          sql`
          select (select count(*) from notices n ${readJoin(scope)} where ${where})::int as total,
            (select count(*) from notices n ${readJoin(scope)} where ${visible(scope)} and r.notice_id is null)::int as unread`,
        ),
      ]);
      const count = counts[0]!;
      return { rows: rows.map(normalize), total: Number(count.total), unread: Number(count.unread) };
    },

    /** Newest first, pinned or not: the dashboard feed. */
    async latest(scope: NoticeScope, language: Language, limit: number) {
      const rows = await queryRows<NoticeRow>(
        db,
        sql`
        select ${columns(language, 0)} from notices n ${readJoin(scope)}
        where ${visible(scope)}
        order by n.published_at desc, n.id desc
        limit ${limit}`,
      );
      return rows.map(normalize);
    },

    async find(scope: NoticeScope, language: Language, id: number): Promise<NoticeRow | undefined> {
      const [row] = await queryRows<NoticeRow>(
        db,
        sql`
        select ${columns(language, null)} from notices n ${readJoin(scope)}
        where n.id = ${id} and ${visible(scope)}`,
      );
      return row && normalize(row);
    },

    /** Idempotent: a second opening keeps the first read time. */
    async markRead(noticeId: number, userId: number) {
      await queryRows(
        db,
        sql`
        insert into notice_reads (notice_id, user_id) values (${noticeId}, ${userId})
        on conflict (notice_id, user_id) do nothing`,
      );
    },
  };
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
