import { ResultCode } from '@partsportal/contract/codes';
import type { NoticeDetail, NoticeList } from '@partsportal/contract/notices';
import type {
  NoticeDeskDetail,
  NoticeDeskRow,
  NoticePreview,
  NoticeWrite,
} from '@partsportal/contract/notices-desk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCompany, createStaffMember, createUser } from '../../../test/fixtures';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sanitizeNoticeHtml } from './notice-html';

let t: TestApp;
let sales: string;
let catalogue: string;
const buyers = { targeted: '', other: '' };
let targetedCompany = 0;
let otherCompany = 0;
let foreignCompany = 0;

const HOSTILE =
  '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src=x onerror="alert(2)">' +
  '<a href="javascript:alert(3)">bad</a><a href="https://parts.example/a">good</a>' +
  '<p style="width: expression(alert(4)); background:url(javascript:alert(5))">styled</p>';

beforeAll(async () => {
  t = await createTestApp({
    config: { loginAttemptsPerIpPerMinute: 10_000 },
    seed: async (database) => {
      await createAccount(database, 1);
      await createAccount(database, 2);
      targetedCompany = (await createCompany(database, 1, 'Targeted Motors')).id;
      otherCompany = (await createCompany(database, 1, 'Other Garage')).id;
      foreignCompany = (await createCompany(database, 2, 'Foreign Parts')).id;
      await createUser(database, {
        accountId: 1,
        companyId: targetedCompany,
        userId: 'tgt',
        password: 'tgt12345',
      });
      await createUser(database, {
        accountId: 1,
        companyId: otherCompany,
        userId: 'oth',
        password: 'oth12345',
      });
      await createStaffMember(database, {
        login: 'sam',
        password: 'sales-pass-1',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
      await createStaffMember(database, {
        login: 'cat',
        password: 'catalogue-pass-1',
        role: 'catalogue',
        totpSecret: STAFF_SECRETS.catalogue,
      });
    },
  });
  sales = await staffSignIn(t, 'sam', 'sales-pass-1', STAFF_SECRETS.sales, new Date());
  catalogue = await staffSignIn(t, 'cat', 'catalogue-pass-1', STAFF_SECRETS.catalogue, new Date());
  buyers.targeted = await t.login('tgt', 'tgt12345');
  buyers.other = await t.login('oth', 'oth12345');
});
afterAll(async () => t?.close());

const desk = <T>(path: string, body: unknown, token = sales, lng = 'en') =>
  t.call<T>(`/Admin/Notices/${path}`, body, { token, lng });
const buyerList = (token: string, lng = 'en') =>
  t.call<NoticeList>('/Web/GetNoticeList', { pageSize: 100 }, { token, lng });
const buyerDetail = (token: string, id: number, lng = 'en') =>
  t.call<NoticeDetail>(`/Web/GetNoticeDetail/${id}`, undefined, { token, lng });
const seconds = (offset: number) => Math.floor(Date.now() / 1000) + offset;

const threeLanguages = (extra: Partial<NoticeWrite> = {}): NoticeWrite => ({
  language: 'en',
  title: { zh: '仅限目标公司', en: 'For the targeted company', es: 'Para la empresa elegida' },
  content: { zh: '<p>中文</p>', en: '<p>English</p>', es: '<p>Español</p>' },
  ...extra,
});

async function create(body: NoticeWrite) {
  const answer = await desk<{ id: number }>('Create', body);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
}

const auditRows = (id: number) =>
  t.database.rows<{
    action: string;
    actor_name: string;
    changes: Record<string, { before: unknown; after: unknown }>;
  }>(
    sql`select action, actor_name, changes from audit_log where entity = 'notice' and entity_id = ${String(id)} order by id`,
  );

describe('targeting', () => {
  it('shows a targeted notice to that company only, in list, detail and unread count, in its language', async () => {
    const id = await create(threeLanguages({ target_all: false, company_ids: [targetedCompany] }));
    const otherBefore = (await buyerList(buyers.other)).data;
    const es = await buyerList(buyers.targeted, 'es');
    expect(es.data.list.map((n) => [n.id, n.title])).toEqual([[id, 'Para la empresa elegida']]);
    expect(es.data.unread).toBe(1);
    expect((await buyerDetail(buyers.targeted, id, 'zh')).data.title).toBe('仅限目标公司');

    expect(otherBefore.list.map((n) => n.id)).not.toContain(id);
    expect(otherBefore.unread).toBe(0);
    expect((await buyerDetail(buyers.other, id)).code).toBe(ResultCode.notFound);

    // Re-targeted at everyone: the other company sees it now.
    const stored = (await desk<NoticeDeskDetail>('Get', { id })).data;
    expect(stored.companies.map((c) => c.id)).toEqual([targetedCompany]);
    expect((await desk('Update', { ...threeLanguages(), id, target_all: true })).code).toBe(200);
    expect((await buyerList(buyers.other)).data.list.map((n) => n.id)).toContain(id);
    await desk('Delete', { id });
  });

  it('refuses an empty target and companies of another account', async () => {
    const empty = await desk('Create', threeLanguages({ target_all: false, company_ids: [] }));
    expect(empty.code).toBe(ResultCode.validation);
    const foreign = await desk(
      'Create',
      threeLanguages({ target_all: false, company_ids: [foreignCompany] }),
    );
    expect(foreign.code).toBe(ResultCode.validation);
    expect(foreign.msg).toContain(String(foreignCompany));
  });
});

describe('publish window and states', () => {
  it('hides drafts, scheduled and expired notices from buyers and shows each state to staff', async () => {
    const draft = await create(threeLanguages({ is_published: false }));
    const scheduled = await create(threeLanguages({ publish_from: seconds(3600) }));
    const expired = await create(
      threeLanguages({ publish_from: seconds(-7200), publish_until: seconds(-3600) }),
    );
    const live = await create(threeLanguages({ publish_from: seconds(-60), publish_until: seconds(3600) }));
    const seen = (await buyerList(buyers.other)).data.list.map((n) => n.id);
    expect(seen).toContain(live);
    for (const hidden of [draft, scheduled, expired]) {
      expect(seen).not.toContain(hidden);
      expect((await buyerDetail(buyers.other, hidden)).code).toBe(ResultCode.notFound);
    }
    const rows = (await desk<{ list: NoticeDeskRow[] }>('List', { pageSize: 100 })).data.list;
    const stateOf = (id: number) => rows.find((r) => r.id === id)?.state;
    expect([stateOf(draft), stateOf(scheduled), stateOf(expired), stateOf(live)]).toEqual([
      'draft',
      'scheduled',
      'expired',
      'live',
    ]);
    const onlyDrafts = await desk<{ list: NoticeDeskRow[] }>('List', { state: 'draft' });
    expect(onlyDrafts.data.list.map((r) => r.id)).toEqual([draft]);

    expect((await desk('Unpublish', { id: live })).code).toBe(200);
    expect((await buyerList(buyers.other)).data.list.map((n) => n.id)).not.toContain(live);
    const bad = await desk(
      'Create',
      threeLanguages({ publish_from: seconds(0), publish_until: seconds(-10) }),
    );
    expect(bad.code).toBe(ResultCode.validation);
    for (const id of [draft, scheduled, expired, live]) await desk('Delete', { id });
  });
});

describe('languages', () => {
  it("falls back to the written language where the reader's is empty", async () => {
    const id = await create({
      language: 'es',
      title: { zh: '', en: '', es: 'Solo en español' },
      content: { zh: '<p>ignored</p>', en: '', es: '<p>Texto</p>' },
    });
    const zh = await buyerDetail(buyers.other, id, 'zh');
    expect([zh.data.title, zh.data.content]).toEqual(['Solo en español', '<p>Texto</p>']);
    expect((await buyerList(buyers.other, 'en')).data.list.find((n) => n.id === id)?.title).toBe(
      'Solo en español',
    );
    const stored = (await desk<NoticeDeskDetail>('Get', { id })).data;
    expect(stored.content.zh).toBe('');
    const missing = await desk('Create', {
      ...threeLanguages(),
      language: 'zh',
      title: { zh: '', en: 'x', es: '' },
    });
    expect(missing.code).toBe(ResultCode.validation);
    await desk('Delete', { id });
  });
});

describe('sanitizer', () => {
  it('stores hostile HTML stripped, and the preview equals what the buyer gets', async () => {
    const body = threeLanguages({ content: { zh: HOSTILE, en: HOSTILE, es: HOSTILE } });
    const id = await create(body);
    const stored = (await desk<NoticeDeskDetail>('Get', { id })).data.content.en;
    expect(stored).toBe(sanitizeNoticeHtml(HOSTILE));
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'javascript',
      'expression',
      'style=',
      '<img',
      'alert',
    ]) {
      expect(stored.toLowerCase()).not.toContain(bad);
    }
    expect(stored).toContain(
      '<a href="https://parts.example/a" rel="noopener noreferrer" target="_blank">good</a>',
    );
    const preview = await desk<NoticePreview>('Preview', { notice: body, reader_language: 'es' });
    const buyer = await buyerDetail(buyers.other, id, 'es');
    expect(preview.data).toEqual({ language: 'es', title: buyer.data.title, content: buyer.data.content });
    await desk('Delete', { id });
  });
});

describe('read counts, pin and audit', () => {
  it('counts readers and their companies, pins, and records every write', async () => {
    const id = await create(threeLanguages());
    await buyerDetail(buyers.targeted, id);
    await buyerDetail(buyers.other, id);
    await buyerDetail(buyers.other, id);
    const row = (
      await desk<{ list: NoticeDeskRow[] }>('List', { keyword: 'targeted company' })
    ).data.list.find((r) => r.id === id)!;
    expect([row.read_users, row.read_companies, row.is_pinned]).toEqual([2, 2, false]);
    expect((await desk('Pin', { id, pinned: true })).code).toBe(200);
    expect((await buyerList(buyers.other)).data.list.find((n) => n.id === id)?.is_pinned).toBe(true);
    await desk('Update', {
      ...threeLanguages({ is_pinned: true }),
      id,
      title: { ...threeLanguages().title, en: 'Renamed' },
    });
    await desk('Unpublish', { id });
    await desk('Delete', { id });
    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual([
      'notice.create',
      'notice.pin',
      'notice.update',
      'notice.unpublish',
      'notice.delete',
    ]);
    expect(rows.every((r) => r.actor_name.startsWith('sam'))).toBe(true);
    expect(rows[2]!.changes).toEqual({ title_en: { before: 'For the targeted company', after: 'Renamed' } });
    expect(rows[4]!.changes.title_en).toEqual({ before: 'Renamed', after: null });
    const [left] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notice_reads where notice_id = ${id}`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('refuses catalogue staff and buyers', async () => {
    expect((await desk('List', {}, catalogue)).code).toBe(ResultCode.forbidden);
    expect((await desk('Create', threeLanguages(), catalogue)).code).toBe(ResultCode.forbidden);
    expect((await desk('List', {}, buyers.targeted)).code).not.toBe(200);
  });
});
