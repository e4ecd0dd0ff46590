import type { NoticeDetail, NoticeList } from '@partsportal/contract/notices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../db/schema/trading';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { noticeSummary, sanitizeNoticeHtml } from './notice-html';

let t: TestApp;
const tokens = { demo: '', partner: '', viewer: '' };
let hostile = 0;
let demoOnly = 0;

const HOSTILE_HTML = [
  '<p onclick="alert(1)">Hello <b>bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u></p>',
  '<script>alert("x")</script><style>p{display:none}</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)">bad link</a>',
  '<a href="JaVaScRiPt&#58;alert(4)">encoded</a>',
  '<a href="https://parts.example/doc" onmouseover="x()" target="_self">good link</a>',
  '<a href="mailto:sales@parts.example">mail</a>',
  '<h3 style="color:red">Title</h3><h4>Sub</h4><h1>Big</h1>',
  '<ul><li>one</li></ul><ol><li>two</li></ol><br>',
  '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
  '<svg><script>alert(5)</script></svg><div class="x">div text</div>',
].join('');

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 5, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  const [row] = await t.database.db
    .insert(notices)
    .values({
      accountId: 1,
      titleZh: '测试公告',
      titleEn: 'Hostile notice',
      titleEs: 'Aviso hostil',
      contentZh: HOSTILE_HTML,
      contentEn: HOSTILE_HTML,
      contentEs: HOSTILE_HTML,
      isPinned: false,
      publishedAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: notices.id });
  hostile = row!.id;
  const [own] = await t.database.rows<{ id: number }>(
    sql`select notice_id as id from notice_companies where company_id = ${DEMO_IDS.demoCompany} limit 1`,
  );
  demoOnly = Number(own!.id);
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
});
afterAll(() => t.close());

const list = (token: string, body: object = {}, lng = 'en') =>
  t.call<NoticeList>('/Web/GetNoticeList', { pageSize: 100, ...body }, { token, lng });

describe('notice sanitizer', () => {
  const clean = sanitizeNoticeHtml(HOSTILE_HTML);

  it('strips scripts, styles, iframes, event handlers and javascript: links', () => {
    for (const bad of [
      '<script',
      'alert(',
      '<style',
      'display:none',
      '<iframe',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript',
      '<img',
      '<svg',
      'style=',
      '<h1',
      '<div',
      'class=',
      '_self',
    ]) {
      expect(clean.toLowerCase()).not.toContain(bad.toLowerCase());
    }
  });

  it('keeps the allowed tags and makes links safe', () => {
    for (const good of [
      '<p>Hello <b>bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u></p>',
      '<h3>Title</h3><h4>Sub</h4>Big',
      '<ul><li>one</li></ul><ol><li>two</li></ol><br />',
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
      'div text',
    ]) {
      expect(clean).toContain(good);
    }
    expect(clean).toContain(
      '<a href="https://parts.example/doc" rel="noopener noreferrer" target="_blank">good link</a>',
    );
    expect(clean).toContain(
      '<a href="mailto:sales@parts.example" rel="noopener noreferrer" target="_blank">mail</a>',
    );
    expect(clean).toContain('<a rel="noopener noreferrer" target="_blank">bad link</a>');
    expect(clean).toContain('<a rel="noopener noreferrer" target="_blank">encoded</a>');
  });

  it('summarises as plain text', () => {
    expect(noticeSummary('<p>Fish &amp; chips</p><p>next<script>x()</script></p>', 120)).toBe(
      'Fish & chips next',
    );
    expect(noticeSummary(`<p>${'a'.repeat(130)}</p>`, 120)).toBe(`${'a'.repeat(120)}…`);
  });
});

describe('/Web/GetNoticeList', () => {
  it('lists pinned first then newest, in the request language, with summaries and unread count', async () => {
    const en = await list(tokens.demo);
    expect(en.code).toBe(200);
    const rows = en.data.list;
    expect(rows.length).toBe(en.data.total);
    const firstUnpinned = rows.findIndex((n) => !n.is_pinned);
    expect(rows.slice(firstUnpinned).some((n) => n.is_pinned)).toBe(false);
    const unpinned = rows.slice(firstUnpinned).map((n) => n.published_at);
    expect(unpinned).toEqual([...unpinned].sort((a, b) => b - a));
    const mine = rows.find((n) => n.id === hostile)!;
    expect(mine.title).toBe('Hostile notice');
    expect(mine.summary).not.toMatch(/[<>]|alert/);
    expect(mine.summary.startsWith('Hello bold strong')).toBe(true);
    expect(en.data.unread).toBe(rows.filter((n) => !n.is_read).length);
    const es = await list(tokens.demo, {}, 'es');
    expect(es.data.list.find((n) => n.id === hostile)!.title).toBe('Aviso hostil');
  });

  it('filters by keyword (text, not markup) and unread, and pages', async () => {
    const hit = await list(tokens.demo, { keyword: 'hostile' });
    expect(hit.data.list.map((n) => n.id)).toEqual([hostile]);
    const inText = await list(tokens.demo, { keyword: 'good link' });
    expect(inText.data.list.map((n) => n.id)).toContain(hostile);
    const markup = await list(tokens.demo, { keyword: 'onclick' });
    expect(markup.data.total).toBe(0);
    const unread = await list(tokens.demo, { unreadOnly: true });
    expect(unread.data.list.every((n) => !n.is_read)).toBe(true);
    expect(unread.data.total).toBe(unread.data.unread);
    const all = await list(tokens.demo);
    const page2 = await list(tokens.demo, { page: 2, pageSize: 5 });
    expect(page2.data.list.map((n) => n.id)).toEqual(all.data.list.slice(5, 10).map((n) => n.id));
    const beyond = await list(tokens.demo, { page: 99, pageSize: 5 });
    expect(beyond.data).toMatchObject({ list: [], total: all.data.total });
    expect((await list(tokens.demo, { pageSize: 201 })).code).toBe(40001);
  });

  it("hides another company's notice from the partner", async () => {
    const partner = await list(tokens.partner);
    const demo = await list(tokens.demo);
    expect(demo.data.list.map((n) => n.id)).toContain(demoOnly);
    expect(partner.data.list.map((n) => n.id)).not.toContain(demoOnly);
    expect(partner.data.total).toBe(demo.data.total - 1);
    expect(
      (await t.call(`/Web/GetNoticeDetail/${demoOnly}`, undefined, { token: tokens.partner })).code,
    ).toBe(40004);
  });
});

describe('/Web/GetNoticeDetail', () => {
  it('answers sanitized HTML and marks the notice read, once', async () => {
    expect((await list(tokens.viewer, { keyword: 'hostile' })).data.list[0]!.is_read).toBe(false);
    const before = (await list(tokens.viewer)).data.unread;
    const detail = await t.call<NoticeDetail>(`/Web/GetNoticeDetail/${hostile}`, undefined, {
      token: tokens.viewer,
      lng: 'en',
    });
    expect(detail.code).toBe(200);
    expect(detail.data.title).toBe('Hostile notice');
    expect(detail.data.content).toBe(sanitizeNoticeHtml(HOSTILE_HTML));
    expect(detail.data.content).not.toContain('<script');
    await t.call(`/Web/GetNoticeDetail/${hostile}`, undefined, { token: tokens.viewer });
    expect((await list(tokens.viewer, { keyword: 'hostile' })).data.list[0]!.is_read).toBe(true);
    expect((await list(tokens.viewer)).data.unread).toBe(before - 1);
    const [reads] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notice_reads where notice_id = ${hostile} and user_id = ${DEMO_IDS.users.viewer}`,
    );
    expect(Number(reads!.n)).toBe(1);
    // Another user's read mark is their own.
    expect((await list(tokens.demo, { keyword: 'hostile' })).data.list[0]!.is_read).toBe(false);
  });

  it('answers 40004 for unknown ids and 40003 without the notice menu', async () => {
    expect((await t.call('/Web/GetNoticeDetail/2147483000', undefined, { token: tokens.demo })).code).toBe(
      40004,
    );
    await t.database.rows(
      sql`update users set menus = '["1001"]'::jsonb where id = ${DEMO_IDS.users.viewer}`,
    );
    const token = await t.login('viewer', 'viewer1234');
    expect((await t.call('/Web/GetNoticeList', {}, { token })).code).toBe(40003);
    expect((await t.call(`/Web/GetNoticeDetail/${hostile}`, undefined, { token })).code).toBe(40003);
  });
});
