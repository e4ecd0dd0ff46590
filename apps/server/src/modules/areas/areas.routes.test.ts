import type { Area } from '@partsportal/contract/addresses';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../db/schema/trading';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let demo: string;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
      // An area without an English name must fall back to its Chinese one.
      await database.db.update(areas).set({ nameEn: '' }).where(eq(areas.code, 'JP'));
    },
  });
  demo = await t.login('demo', 'demo1234');
});
afterAll(async () => t?.close());

const getAreas = (lng: string, token = demo) => t.call<Area[]>('/Web/GetAllAreas', undefined, { token, lng });
const byName = (list: Area[], name: string) => list.find((area) => area.name === name);

describe('/Web/GetAllAreas', () => {
  it('lists every area plus the blank entry of spec §9', async () => {
    const answer = await getAreas('en');
    expect(answer.code).toBe(200);
    const [stored] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from areas`);
    expect(answer.data).toHaveLength((stored?.n ?? 0) + 1);
    expect(answer.data.filter((area) => area.id === 0)).toEqual([
      { id: 0, name: '', level: 2, parent_id: null },
    ]);
  });

  it('names areas in the request language, falling back to the zh name', async () => {
    const en = (await getAreas('en')).data;
    const zh = (await getAreas('zh')).data;
    const es = (await getAreas('es')).data;
    expect(byName(en, 'Spain')).toMatchObject({ level: 2 });
    expect(byName(zh, '西班牙')?.id).toBe(byName(en, 'Spain')?.id);
    expect(byName(es, 'España')?.id).toBe(byName(en, 'Spain')?.id);
    expect(byName(en, '日本')).toMatchObject({ level: 2 });
    expect(byName(en, 'Japan')).toBeUndefined();
    expect(byName(es, 'Japón')).toMatchObject({ level: 2 });
  });

  it('orders the list for a cascader: by level, then by name; parents before children', async () => {
    const list = (await getAreas('en')).data;
    const seen = new Map<number, Area>();
    for (const [index, area] of list.entries()) {
      const previous = list[index - 1];
      if (previous) {
        expect(previous.level).toBeLessThanOrEqual(area.level);
        if (previous.level === area.level) {
          expect(new Intl.Collator('en').compare(previous.name, area.name)).toBeLessThanOrEqual(0);
        }
      }
      if (area.parent_id !== null) expect(seen.get(area.parent_id)?.level).toBe(area.level - 1);
      seen.set(area.id, area);
    }
    const countries = list.filter((area) => area.level === 2).map((area) => area.name);
    expect(countries[0]).toBe('');
    expect(countries.indexOf('China')).toBeLessThan(countries.indexOf('Spain'));
  });

  it('serves later calls from memory (areas change only with a reseed)', async () => {
    const before = (await getAreas('en')).data;
    await t.database.db.update(areas).set({ nameEn: 'Renamed' }).where(eq(areas.code, 'ES'));
    expect((await getAreas('en')).data).toEqual(before);
  });

  it('needs only a sign-in: the viewer may call it, no token answers 50008', async () => {
    const viewer = await t.login('viewer', 'viewer1234');
    expect((await getAreas('en', viewer)).code).toBe(200);
    const anonymous = await t.call('/Web/GetAllAreas', undefined, { lng: 'en' });
    expect(anonymous).toMatchObject({ code: 50008, msg: 'Verification failed, please login again.' });
    expect((await t.call('/Web/GetAllAreas', undefined, { lng: 'es' })).msg).toBe(
      'La verificación falló, inicie sesión de nuevo.',
    );
  });

  it('tags the list with an ETag and answers an empty 304 to a matching If-None-Match', async () => {
    const url = '/api/Web/GetAllAreas';
    const first = await t.app.inject({ method: 'POST', url, headers: { token: demo, lng: 'en' } });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Token');

    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: { token: demo, lng: 'en', 'if-none-match': tag, 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['content-encoding']).toBeUndefined();

    // Another language is another body: the old tag no longer matches, the list comes whole.
    const es = await t.app.inject({
      method: 'POST',
      url,
      headers: { token: demo, lng: 'es', 'if-none-match': tag },
    });
    expect(es.statusCode).toBe(200);
    expect(es.headers.etag).not.toBe(tag);
    expect(es.json()).toMatchObject({ code: 200 });

    // A refusal never gets a tag, and a tag never opens the list without a session.
    const anonymous = await t.app.inject({
      method: 'POST',
      url,
      headers: { lng: 'en', 'if-none-match': tag },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers.etag).toBeUndefined();
    expect(anonymous.json()).toMatchObject({ code: 50008 });
  });

  it('refuses a body with fields', async () => {
    const answer = await t.call('/Web/GetAllAreas', { account_id: 2 }, { token: demo, lng: 'en' });
    expect(answer).toMatchObject({ code: 40001, msg: 'Fields not allowed: account_id' });
  });
});
