import type { Language } from '@partsportal/contract/codes';
import {
  NOTICE_SUMMARY_LENGTH,
  type NoticeDetail,
  type NoticeList,
  type noticeListRequestSchema,
} from '@partsportal/contract/notices';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { notFound } from '../../platform/errors';
import { noticeSummary, sanitizeNoticeHtml } from './notice-html';
import type { NoticeScope } from './notices.repository';
import type { Repositories } from '../../repositories';

// Enough markup-laden HTML to yield a 120-character summary; the rest is never read for lists.
const SUMMARY_SOURCE_CHARS = 2000;

const scopeOf = (auth: AuthContext): NoticeScope => ({
  accountId: auth.accountId,
  companyId: auth.companyId,
  userId: auth.userId,
});

export function createNoticesService(deps: { repos: Repositories }) {
  const repo = deps.repos.notices;

  return {
    async getNoticeList(
      auth: AuthContext,
      language: Language,
      request: z.output<typeof noticeListRequestSchema>,
    ): Promise<NoticeList> {
      const page = await repo.page(
        scopeOf(auth),
        language,
        { keyword: request.keyword, unreadOnly: request.unreadOnly },
        request.page,
        request.pageSize,
        SUMMARY_SOURCE_CHARS,
      );
      return {
        list: page.rows.map((row) => ({
          id: row.id,
          title: row.title,
          published_at: row.published_at,
          is_pinned: row.is_pinned,
          is_read: row.is_read,
          summary: noticeSummary(row.content, NOTICE_SUMMARY_LENGTH),
        })),
        total: page.total,
        unread: page.unread,
      };
    },

    async getNoticeDetail(auth: AuthContext, language: Language, id: number): Promise<NoticeDetail> {
      const row = await repo.find(scopeOf(auth), language, id);
      if (!row) throw notFound();
      await repo.markRead(row.id, auth.userId);
      return {
        id: row.id,
        title: row.title,
        content: sanitizeNoticeHtml(row.content),
        published_at: row.published_at,
        is_pinned: row.is_pinned,
        attachments: row.attachments.map((a) => ({ name: a.name, path: a.path })),
      };
    },

    /** The dashboard's feed. */
    latest: (auth: AuthContext, language: Language, limit: number) =>
      repo.latest(scopeOf(auth), language, limit),
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
