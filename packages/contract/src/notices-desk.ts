import { z } from 'zod';
import { LANGUAGES } from './codes';
import { idSchema, pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, type StaffPermission } from './endpoint';

/**
 * The back office's notices (issue 15 item 4): staff write a notice in zh/en/es, pin it, give it
 * a publish window and a target (every company or chosen ones), preview it as a buyer sees it and
 * see how many read it. Sales staff and the owner.
 */
export const NOTICE_DESK_STAFF: StaffPermission = { staff: ['sales'] };

export const NOTICE_TITLE_MAX = 200;
/** Stored HTML per language; a notice with pictures inlined as data: URLs is not allowed anyway. */
export const NOTICE_CONTENT_MAX = 100_000;
export const NOTICE_TARGET_MAX = 500;

export const noticeLanguageSchema = z.enum(LANGUAGES);

/** What a buyer sees: a draft never; otherwise by the window against the current time. */
export const NOTICE_STATES = ['draft', 'scheduled', 'live', 'expired'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

const perLanguage = <T extends z.ZodType>(schema: T) =>
  z.strictObject({ zh: schema, en: schema, es: schema });

export const noticeWriteSchema = z.strictObject({
  /** The language it was written in: what a buyer sees where another language is left empty. */
  language: noticeLanguageSchema,
  /** An empty title leaves that language out (its text is ignored). */
  title: perLanguage(z.string().trim().max(NOTICE_TITLE_MAX)),
  /** HTML; sanitized on save with the buyers' allow-list (docs/API.md "Notices"). */
  content: perLanguage(z.string().max(NOTICE_CONTENT_MAX)),
  is_pinned: z.boolean().default(false),
  /** False keeps it a draft that no buyer sees. */
  is_published: z.boolean().default(true),
  /** Unix seconds; now when left out. */
  publish_from: timestampSchema.optional(),
  /** Unix seconds; no end when null or left out. */
  publish_until: timestampSchema.nullable().default(null),
  /** Every company of the account (true) or only `company_ids` (false). */
  target_all: z.boolean().default(true),
  company_ids: z.array(idSchema).max(NOTICE_TARGET_MAX).default([]),
});
export type NoticeWrite = z.input<typeof noticeWriteSchema>;

export const noticeDeskListRequestSchema = pagingSchema.extend({
  /** Part of the title in any language. */
  keyword: z.string().trim().max(100).default(''),
  state: z.enum(NOTICE_STATES).optional(),
});

export const noticeDeskRowSchema = z.object({
  id: z.number().int(),
  /** In the staff member's language, or the written language where that one is empty. */
  title: z.string(),
  language: noticeLanguageSchema,
  state: z.enum(NOTICE_STATES),
  is_pinned: z.boolean(),
  publish_from: timestampSchema,
  publish_until: timestampSchema.nullable(),
  target_all: z.boolean(),
  /** Companies targeted when not `target_all`. */
  company_count: z.number().int().nonnegative(),
  /** Buyers (users) who opened it, and the companies they belong to. */
  read_users: z.number().int().nonnegative(),
  read_companies: z.number().int().nonnegative(),
});
export type NoticeDeskRow = z.infer<typeof noticeDeskRowSchema>;

export const noticeDeskDetailSchema = z.object({
  id: z.number().int(),
  language: noticeLanguageSchema,
  title: perLanguage(z.string()),
  /** As stored, i.e. already sanitized. */
  content: perLanguage(z.string()),
  state: z.enum(NOTICE_STATES),
  is_pinned: z.boolean(),
  is_published: z.boolean(),
  publish_from: timestampSchema,
  publish_until: timestampSchema.nullable(),
  target_all: z.boolean(),
  companies: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  read_users: z.number().int().nonnegative(),
  read_companies: z.number().int().nonnegative(),
});
export type NoticeDeskDetail = z.infer<typeof noticeDeskDetailSchema>;

export const noticeDeskIdRequestSchema = z.strictObject({ id: idSchema });

export const noticePreviewRequestSchema = z.strictObject({
  notice: noticeWriteSchema.pick({ language: true, title: true, content: true }),
  /** The buyer's language to preview in. */
  reader_language: noticeLanguageSchema,
});

export const noticePreviewSchema = z.object({
  title: z.string(),
  /** Exactly the HTML a buyer's GetNoticeDetail would answer. */
  content: z.string(),
  /** The language shown: the reader's, or the written one where the reader's is empty. */
  language: noticeLanguageSchema,
});
export type NoticePreview = z.infer<typeof noticePreviewSchema>;

export const noticesDeskEndpoints = {
  listNotices: defineEndpoint({
    method: 'POST',
    path: '/Admin/Notices/List',
    summary: 'Notices of the account with state, target and read counts; pinned first, then newest.',
    permission: NOTICE_DESK_STAFF,
    body: noticeDeskListRequestSchema,
    data: pageOf(noticeDeskRowSchema),
  }),
  getNotice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Notices/Get',
    summary: 'One notice in every language with its target companies and read counts.',
    permission: NOTICE_DESK_STAFF,
    body: noticeDeskIdRequestSchema,
    data: noticeDeskDetailSchema,
  }),
  createNotice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Notices/Create',
    summary: 'Write a notice (HTML sanitized on save); recorded in the audit log.',
    permission: NOTICE_DESK_STAFF,
    body: noticeWriteSchema,
    data: z.object({ id: z.number().int() }),
  }),
  updateNotice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Notices/Update',
    summary: 'Replace a notice (every field as in Create); recorded in the audit log.',
    permission: NOTICE_DESK_STAFF,
    body: noticeWriteSchema.extend({ id: idSchema }),
    data: z.null(),
  }),
  pinNotice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Notices/Pin',
    summary: 'Pin or unpin a notice; recorded in the audit log.',
    permission: NOTICE_DESK_STAFF,
    body: z.strictObject({ id: idSchema, pinned: z.boolean() }),
    data: z.null(),
  }),
  unpublishNotice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Notices/Unpublish',
    summary: 'Take a notice back to draft: no buyer sees it; recorded in the audit log.',
    permission: NOTICE_DESK_STAFF,
    body: noticeDeskIdRequestSchema,
    data: z.null(),
  }),
  deleteNotice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Notices/Delete',
    summary: 'Delete a notice with its targets and read marks; recorded in the audit log.',
    permission: NOTICE_DESK_STAFF,
    body: noticeDeskIdRequestSchema,
    data: z.null(),
  }),
  previewNotice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Notices/Preview',
    summary: "The title and sanitized HTML a buyer would get in a language, from the editor's text.",
    permission: NOTICE_DESK_STAFF,
    body: noticePreviewRequestSchema,
    data: noticePreviewSchema,
  }),
} as const;
