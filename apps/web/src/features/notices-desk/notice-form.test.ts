import { describe, expect, it } from 'vitest';
import { emptyNoticeForm, noticeFormFrom, noticeWriteBody, writtenLanguages } from './notice-form';

describe('notice form', () => {
  it('sends chosen companies only when not targeting everyone, and no start when left empty', () => {
    const values = {
      ...emptyNoticeForm('es'),
      title: { zh: '', en: ' ', es: 'Aviso' },
      companies: [{ id: 7, label: 'C7' }],
    };
    expect(noticeWriteBody(values)).toMatchObject({ target_all: true, company_ids: [], publish_until: null });
    expect(noticeWriteBody(values)).not.toHaveProperty('publish_from');
    const chosen = noticeWriteBody({ ...values, target_all: false, publish_from: 100 });
    expect(chosen).toMatchObject({ target_all: false, company_ids: [7], publish_from: 100 });
    expect(writtenLanguages(values)).toEqual(['es']);
  });

  it('round-trips a stored notice', () => {
    const values = noticeFormFrom({
      id: 1,
      language: 'zh',
      title: { zh: '标题', en: 'Title', es: '' },
      content: { zh: '<p>a</p>', en: '<p>b</p>', es: '' },
      state: 'live',
      is_pinned: true,
      is_published: true,
      publish_from: 10,
      publish_until: 20,
      target_all: false,
      companies: [{ id: 3, code: 'C3', name: 'Three' }],
      read_users: 0,
      read_companies: 0,
    });
    expect(values.companies).toEqual([{ id: 3, label: 'C3 · Three' }]);
    expect(noticeWriteBody(values)).toEqual({
      language: 'zh',
      title: { zh: '标题', en: 'Title', es: '' },
      content: { zh: '<p>a</p>', en: '<p>b</p>', es: '' },
      is_pinned: true,
      is_published: true,
      publish_from: 10,
      publish_until: 20,
      target_all: false,
      company_ids: [3],
    });
  });
});
