import { LANGUAGES, ResultCode, type Language } from '@partsportal/contract/codes';
import type {
  NoticeDeskDetail,
  NoticePreview,
  noticeDeskListRequestSchema,
  noticePreviewRequestSchema,
  noticeWriteSchema,
} from '@partsportal/contract/notices-desk';
import type { z } from 'zod';
import type { StaffContext } from '../../platform/auth-context';
import { AppError, notFound } from '../../platform/errors';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields } from '../audit/audit.repository';
import { staffActor } from '../staff/staff.service';
import type { NoticeValues, StoredNotice } from './notices-desk.repository';
import { sanitizeNoticeHtml } from './notice-html';

type NoticeWrite = z.output<typeof noticeWriteSchema>;
type PerLanguage = Record<Language, string>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The language a reader sees: their own where staff wrote a title in it, else the written one.
 * The buyers' SQL (notices.repository.ts `inLanguage`) applies the same rule.
 */
export function readerLanguage(notice: { language: Language; title: PerLanguage }, reader: Language) {
  return notice.title[reader] !== '' ? reader : notice.language;
}

/**
 * Titles and sanitized HTML as stored: a language without a title is not written, so its text
 * is dropped rather than shown under another language's title.
 */
function cleanText(body: Pick<NoticeWrite, 'language' | 'title' | 'content'>) {
  if (body.title[body.language] === '')
    throw new AppError(ResultCode.validation, 'noticeTitleMissing', { language: body.language });
  const title = {} as PerLanguage;
  const content = {} as PerLanguage;
  for (const language of LANGUAGES) {
    title[language] = body.title[language];
    content[language] = title[language] === '' ? '' : sanitizeNoticeHtml(body.content[language]);
  }
  return { title, content };
}

/** The audit log's view of a notice, and what an update compares. */
const auditView = (notice: StoredNotice, companyIds: number[]) => ({
  language: notice.language,
  title_zh: notice.titleZh,
  title_en: notice.titleEn,
  title_es: notice.titleEs,
  content_zh: notice.contentZh,
  content_en: notice.contentEn,
  content_es: notice.contentEs,
  is_pinned: notice.isPinned,
  is_published: notice.isPublished,
  publish_from: seconds(notice.publishedAt),
  publish_until: notice.publishUntil ? seconds(notice.publishUntil) : null,
  target_all: notice.targetAll,
  company_ids: companyIds,
});

/**
 * The back office's notices (issue 15 item 4). Every write is one transaction with its audit
 * entry; HTML is sanitized on save with the buyers' allow-list (and again when a buyer reads it).
 */
export function createNoticesDeskService(deps: DataAccess) {
  const { repos, transaction } = deps;
  // The wall clock, not an injected one: what buyers see is decided by the database's now().
  const now = () => new Date();

  async function valuesOf(tx: Repositories, staff: StaffContext, body: NoticeWrite, publishedAt?: Date) {
    const { title, content } = cleanText(body);
    const from =
      body.publish_from === undefined ? (publishedAt ?? now()) : new Date(body.publish_from * 1000);
    const until = body.publish_until === null ? null : new Date(body.publish_until * 1000);
    if (until && until <= from) throw new AppError(ResultCode.validation, 'noticeWindowInvalid');
    const companyIds = body.target_all ? [] : [...new Set(body.company_ids)].sort((a, b) => a - b);
    if (!body.target_all && companyIds.length === 0)
      throw new AppError(ResultCode.validation, 'noticeNoTarget');
    const known = new Set(await tx.noticesDesk.customerCompanies(staff.accountId, companyIds));
    const unknown = companyIds.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw new AppError(ResultCode.validation, 'noticeCompanyUnknown', { id: unknown });
    const values: NoticeValues = {
      language: body.language,
      titleZh: title.zh,
      titleEn: title.en,
      titleEs: title.es,
      contentZh: content.zh,
      contentEn: content.en,
      contentEs: content.es,
      isPinned: body.is_pinned,
      isPublished: body.is_published,
      publishedAt: from,
      publishUntil: until,
      targetAll: body.target_all,
    };
    return { values, companyIds };
  }

  /** Locks the notice and answers it with its targets, as the audit log sees it. */
  async function lock(tx: Repositories, staff: StaffContext, id: number) {
    const notice = await tx.noticesDesk.find(staff.accountId, id, true);
    if (!notice) throw notFound();
    const companyIds = (await tx.noticesDesk.targets(id)).map((c) => c.id);
    return { notice, companyIds, before: auditView(notice, companyIds) };
  }

  async function record(
    tx: Repositories,
    staff: StaffContext,
    ip: string,
    action: string,
    id: number,
    changes: Record<string, { before: unknown; after: unknown }>,
  ) {
    await tx.audit.record({
      accountId: staff.accountId,
      actor: staffActor(staff, ip),
      action,
      entity: 'notice',
      entityId: id,
      changes,
    });
  }

  return {
    async listNotices(
      staff: StaffContext,
      language: Language,
      body: z.output<typeof noticeDeskListRequestSchema>,
    ) {
      const { rows, total } = await repos.noticesDesk.page(
        staff.accountId,
        language,
        { keyword: body.keyword, state: body.state },
        { offset: (body.page - 1) * body.pageSize, limit: body.pageSize },
      );
      return { list: rows, total };
    },

    async getNotice(staff: StaffContext, language: Language, id: number): Promise<NoticeDeskDetail> {
      const [notice, summary, companies] = await Promise.all([
        repos.noticesDesk.find(staff.accountId, id),
        repos.noticesDesk.summary(staff.accountId, id, language),
        repos.noticesDesk.targets(id),
      ]);
      if (!notice || !summary) throw notFound();
      return {
        id: notice.id,
        language: notice.language as Language,
        title: { zh: notice.titleZh, en: notice.titleEn, es: notice.titleEs },
        content: { zh: notice.contentZh, en: notice.contentEn, es: notice.contentEs },
        state: summary.state,
        is_pinned: notice.isPinned,
        is_published: notice.isPublished,
        publish_from: summary.publish_from,
        publish_until: summary.publish_until,
        target_all: notice.targetAll,
        companies: companies.map((c) => ({ id: c.id, code: c.code ?? '', name: c.name })),
        read_users: summary.read_users,
        read_companies: summary.read_companies,
      };
    },

    async createNotice(staff: StaffContext, body: NoticeWrite, ip: string) {
      const id = await transaction(async (tx) => {
        const { values, companyIds } = await valuesOf(tx, staff, body);
        const created = await tx.noticesDesk.insert(staff.accountId, values);
        await tx.noticesDesk.setTargets(created, companyIds);
        const stored = (await tx.noticesDesk.find(staff.accountId, created))!;
        await record(
          tx,
          staff,
          ip,
          'notice.create',
          created,
          changedFields(null, auditView(stored, companyIds)),
        );
        return created;
      });
      return { id };
    },

    async updateNotice(staff: StaffContext, body: NoticeWrite & { id: number }, ip: string) {
      await transaction(async (tx) => {
        const { notice, before } = await lock(tx, staff, body.id);
        const { values, companyIds } = await valuesOf(tx, staff, body, notice.publishedAt);
        const after = auditView({ ...notice, ...values }, companyIds);
        const changes = changedFields(before, after);
        if (Object.keys(changes).length === 0) return;
        await tx.noticesDesk.update(notice.id, values);
        await tx.noticesDesk.setTargets(notice.id, companyIds);
        await record(tx, staff, ip, 'notice.update', notice.id, changes);
      });
      return null;
    },

    async pinNotice(staff: StaffContext, body: { id: number; pinned: boolean }, ip: string) {
      await transaction(async (tx) => {
        const { notice, companyIds, before } = await lock(tx, staff, body.id);
        const changes = changedFields(before, auditView({ ...notice, isPinned: body.pinned }, companyIds));
        if (Object.keys(changes).length === 0) return;
        await tx.noticesDesk.update(notice.id, { isPinned: body.pinned });
        await record(tx, staff, ip, body.pinned ? 'notice.pin' : 'notice.unpin', notice.id, changes);
      });
      return null;
    },

    async unpublishNotice(staff: StaffContext, id: number, ip: string) {
      await transaction(async (tx) => {
        const { notice, companyIds, before } = await lock(tx, staff, id);
        const changes = changedFields(before, auditView({ ...notice, isPublished: false }, companyIds));
        if (Object.keys(changes).length === 0) return;
        await tx.noticesDesk.update(notice.id, { isPublished: false });
        await record(tx, staff, ip, 'notice.unpublish', notice.id, changes);
      });
      return null;
    },

    async deleteNotice(staff: StaffContext, id: number, ip: string) {
      await transaction(async (tx) => {
        const { notice, before } = await lock(tx, staff, id);
        await tx.noticesDesk.delete(notice.id);
        // The whole notice goes into the log: nothing else keeps what it said.
        const gone = Object.fromEntries(
          Object.entries(before).map(([field, value]) => [field, { before: value, after: null }]),
        );
        await record(tx, staff, ip, 'notice.delete', notice.id, gone);
      });
      return null;
    },

    /**
     * What a buyer reading in `reader_language` would get once saved: the text sanitized on save
     * and again at read, exactly as GetNoticeDetail answers it.
     */
    async previewNotice(
      _staff: StaffContext,
      body: z.output<typeof noticePreviewRequestSchema>,
    ): Promise<NoticePreview> {
      const { title, content } = cleanText(body.notice);
      const language = readerLanguage({ language: body.notice.language, title }, body.reader_language);
      return { language, title: title[language], content: sanitizeNoticeHtml(content[language]) };
    },
  };
}

export type NoticesDeskService = ReturnType<typeof createNoticesDeskService>;
