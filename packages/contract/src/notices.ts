import { z } from 'zod';
import { emptyBodySchema, idSchema, pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';

export const noticeIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const noticeListRequestSchema = pagingSchema.extend({
  /** Words of the title or text in the request's language, case-insensitive. */
  keyword: z.string().trim().max(100).optional(),
  unreadOnly: z.boolean().default(false),
});
export type NoticeListRequest = z.input<typeof noticeListRequestSchema>;

/** Length of a list row's plain-text summary (characters, before the ellipsis). */
export const NOTICE_SUMMARY_LENGTH = 120;

export const noticeSummarySchema = z.object({
  id: idSchema,
  /** In the request's language (Lng header). */
  title: z.string(),
  published_at: timestampSchema,
  is_pinned: z.boolean(),
  is_read: z.boolean(),
  /** Plain text (no markup) of the start of the content; render as text, never as HTML. */
  summary: z.string(),
});
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;

export const noticeListSchema = pageOf(noticeSummarySchema).extend({
  /** Unread notices of the user in all (independent of the filter), for a badge. */
  unread: z.number().int().nonnegative(),
});
export type NoticeList = z.infer<typeof noticeListSchema>;

export const noticeAttachmentSchema = z.object({ name: z.string(), path: z.string() });

export const noticeDetailSchema = z.object({
  id: idSchema,
  title: z.string(),
  /**
   * HTML sanitized on the server with a strict allow-list (docs/API.md "Notices"): safe to put
   * in the page as HTML; links open in a new tab with rel="noopener noreferrer".
   */
  content: z.string(),
  published_at: timestampSchema,
  is_pinned: z.boolean(),
  attachments: z.array(noticeAttachmentSchema),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

export const noticeEndpoints = {
  getNoticeList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetNoticeList',
    summary: 'Notices for everyone and for the company: pinned first, then newest, with read marks.',
    permission: [MENU_CODES.notice],
    body: noticeListRequestSchema,
    data: noticeListSchema,
  }),
  getNoticeDetail: defineEndpoint({
    method: 'POST',
    path: '/Web/GetNoticeDetail/{id}',
    summary: 'One notice with sanitized HTML; opening it marks it read for the user.',
    permission: [MENU_CODES.notice],
    body: emptyBodySchema,
    params: noticeIdParamsSchema,
    data: noticeDetailSchema,
  }),
} as const;
