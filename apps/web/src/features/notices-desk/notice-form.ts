import type { Language } from '@partsportal/contract/codes';
import type { NoticeDeskDetail, NoticeWrite } from '@partsportal/contract/notices-desk';

/** Each language in its own name (tabs, preview): staff may read only some of them. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English', es: 'Español' };

/** The editor's state: times as unix seconds (the pickers convert), text per language. */
export interface NoticeFormValues {
  language: Language;
  title: Record<Language, string>;
  content: Record<Language, string>;
  is_pinned: boolean;
  is_published: boolean;
  /** Null = from the moment it is saved. */
  publish_from: number | null;
  publish_until: number | null;
  target_all: boolean;
  companies: Array<{ id: number; label: string }>;
}

export const emptyNoticeForm = (language: Language): NoticeFormValues => ({
  language,
  title: { zh: '', en: '', es: '' },
  content: { zh: '', en: '', es: '' },
  is_pinned: false,
  is_published: true,
  publish_from: null,
  publish_until: null,
  target_all: true,
  companies: [],
});

export const companyLabel = (company: { code: string; name: string }) =>
  company.code ? `${company.code} · ${company.name}` : company.name;

export function noticeFormFrom(detail: NoticeDeskDetail): NoticeFormValues {
  return {
    language: detail.language,
    title: { ...detail.title },
    content: { ...detail.content },
    is_pinned: detail.is_pinned,
    is_published: detail.is_published,
    publish_from: detail.publish_from,
    publish_until: detail.publish_until,
    target_all: detail.target_all,
    companies: detail.companies.map((c) => ({ id: c.id, label: companyLabel(c) })),
  };
}

/** The body of Create/Update; the server trims, sanitizes and checks it. */
export function noticeWriteBody(values: NoticeFormValues): NoticeWrite {
  return {
    language: values.language,
    title: values.title,
    content: values.content,
    is_pinned: values.is_pinned,
    is_published: values.is_published,
    ...(values.publish_from === null ? {} : { publish_from: values.publish_from }),
    publish_until: values.publish_until,
    target_all: values.target_all,
    company_ids: values.target_all ? [] : values.companies.map((c) => c.id),
  };
}

/** Languages with a title: the tabs mark them as written. */
export const writtenLanguages = (values: Pick<NoticeFormValues, 'title'>): Language[] =>
  (Object.keys(values.title) as Language[]).filter((language) => values.title[language].trim() !== '');
