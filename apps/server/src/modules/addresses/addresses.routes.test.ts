import type { Address } from '@partsportal/contract/addresses';
import { MAX_ADDRESSES_PER_COMPANY } from '@partsportal/contract/addresses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, areas } from '../../db/schema/trading';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const tokens = { demo: '', partner: '', viewer: '' };
let guangzhou = 0;
let continent = 0;

const valid = () => ({
  caption: 'Warehouse',
  contact_name: '张三',
  area_id: guangzhou,
  address: '天河路 1 号',
  phone: '138 2654 1234',
});

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
    },
  });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
  const [gz] = await t.database.db.select({ id: areas.id }).from(areas).where(eq(areas.code, 'CN-GD-GZ'));
  guangzhou = gz!.id;
  const [level1] = await t.database.db
    .select({ id: areas.id })
    .from(areas)
    .where(eq(areas.level, 1))
    .limit(1);
  continent = level1!.id;
});
afterAll(() => t.close());

describe('/Web/GetAddress', () => {
  it("lists the company's addresses, the default first, and nothing of other companies", async () => {
    const answer = await t.call<Address[]>('/Web/GetAddress', undefined, { token: tokens.demo });
    expect(answer.code).toBe(200);
    expect(answer.data.length).toBe(3);
    expect(answer.data[0]!.is_default).toBe(true);
    expect(answer.data.filter((a) => a.is_default)).toHaveLength(1);
    const partner = await t.call<Address[]>('/Web/GetAddress', undefined, { token: tokens.partner });
    expect(partner.data.map((a) => a.id)).not.toContain(answer.data[0]!.id);
  });

  it('needs a token', async () => {
    expect((await t.call('/Web/GetAddress')).code).toBe(50008);
  });
});

describe('/Web/AddAddress validation, in the form order', () => {
  const cases: Array<[string, Record<string, unknown>, string, string, string]> = [
    [
      'recipient',
      { contact_name: '  ' },
      'Please enter the recipient!',
      '请输入收货人！',
      '¡Introduzca el destinatario!',
    ],
    [
      'region (blank entry 0)',
      { area_id: 0 },
      'Please select the region!',
      '请选择所在地区！',
      '¡Seleccione la región!',
    ],
    [
      'detailed address',
      { address: '' },
      'Please enter the detailed address!',
      '请输入详细地址！',
      '¡Introduzca la dirección detallada!',
    ],
    [
      'contact number',
      { phone: ' ' },
      'Please enter the contact number!',
      '请输入联系电话！',
      '¡Introduzca el número de contacto!',
    ],
    [
      'mobile format',
      { phone: '12345' },
      'Please enter the correct mobile phone number!',
      '请输入正确的手机号码！',
      '¡Introduzca un número de móvil correcto!',
    ],
  ];
  it.each(cases)('%s', async (_name, change, en, zh, es) => {
    for (const [lng, text] of [
      ['en', en],
      ['zh', zh],
      ['es', es],
    ] as const) {
      const answer = await t.call('/Web/AddAddress', { ...valid(), ...change }, { token: tokens.demo, lng });
      expect(answer.code).toBe(40001);
      expect(answer.msg).toBe(text);
    }
  });

  it('checks the recipient before everything else when all is empty', async () => {
    const answer = await t.call('/Web/AddAddress', {}, { token: tokens.demo, lng: 'en' });
    expect(answer.msg).toBe('Please enter the recipient!');
    const noArea = await t.call('/Web/AddAddress', { contact_name: 'A' }, { token: tokens.demo, lng: 'en' });
    expect(noArea.msg).toBe('Please select the region!');
    const noAddress = await t.call(
      '/Web/AddAddress',
      { contact_name: 'A', area_id: guangzhou, phone: 'x' },
      { token: tokens.demo, lng: 'en' },
    );
    expect(noAddress.msg).toBe('Please enter the detailed address!');
  });

  it('refuses unknown areas and continents', async () => {
    for (const area_id of [99_999_999, continent]) {
      const answer = await t.call(
        '/Web/AddAddress',
        { ...valid(), area_id },
        { token: tokens.demo, lng: 'en' },
      );
      expect(answer.code).toBe(40001);
      expect(answer.msg).toMatch(/region does not exist/);
    }
  });

  it('refuses unknown fields', async () => {
    const answer = await t.call('/Web/AddAddress', { ...valid(), company_id: 3 }, { token: tokens.demo });
    expect(answer.code).toBe(40001);
  });
});

describe('adding, editing, defaults, deleting', () => {
  it('stores the area path in the request language and keeps the default unless asked', async () => {
    const en = await t.call<Address>('/Web/AddAddress', valid(), { token: tokens.demo, lng: 'en' });
    expect(en.code).toBe(200);
    expect(en.data.area).toBe('China / Guangdong / Guangzhou');
    expect(en.data.is_default).toBe(false);
    expect(en.data.phone).toBe('138 2654 1234');
    const zh = await t.call<Address>('/Web/AddAddress', valid(), { token: tokens.demo, lng: 'zh' });
    expect(zh.data.area).toBe('中国 / 广东省 / 广州市');
  });

  it('the first address of a company becomes its default; only one default ever', async () => {
    // The viewer shares the demo company, which has addresses, but holds neither the cart code
    // nor the address switch: the addresses (names, phones) are not shown to it.
    expect(
      (await t.call<Address[]>('/Web/GetAddress', undefined, { token: tokens.demo })).data.length,
    ).toBeGreaterThan(0);
    const viewerCompanyCheck = await t.call('/Web/GetAddress', undefined, { token: tokens.viewer });
    expect(viewerCompanyCheck.code).toBe(40003);
    expect(viewerCompanyCheck.data).toBeNull();
    // A company without addresses: remove partner's.
    await t.database.db.delete(addresses).where(eq(addresses.companyId, DEMO_IDS.partnerCompany));
    const first = await t.call<Address>(
      '/Web/AddAddress',
      { ...valid(), is_default: false },
      { token: tokens.partner },
    );
    expect(first.data.is_default).toBe(true);
    const second = await t.call<Address>(
      '/Web/AddAddress',
      { ...valid(), is_default: true },
      { token: tokens.partner },
    );
    expect(second.data.is_default).toBe(true);
    const list = await t.call<Address[]>('/Web/GetAddress', undefined, { token: tokens.partner });
    expect(list.data.filter((a) => a.is_default).map((a) => a.id)).toEqual([second.data.id]);
    expect(list.data[0]!.id).toBe(second.data.id);

    const back = await t.call<Address>(`/Web/SetDefaultAddress/${first.data.id}`, undefined, {
      token: tokens.partner,
    });
    expect(back.data.is_default).toBe(true);
    const again = await t.call<Address[]>('/Web/GetAddress', undefined, { token: tokens.partner });
    expect(again.data.filter((a) => a.is_default).map((a) => a.id)).toEqual([first.data.id]);
  });

  it('updates an address and refuses other companies’ ids with 40004', async () => {
    const mine = (await t.call<Address[]>('/Web/GetAddress', undefined, { token: tokens.partner })).data[0]!;
    const updated = await t.call<Address>(
      '/Web/UpdateAddress',
      { ...valid(), id: mine.id, contact_name: 'Li Si', phone: '+34 612 345 678' },
      { token: tokens.partner, lng: 'es' },
    );
    expect(updated.code).toBe(200);
    expect(updated.data.contact_name).toBe('Li Si');
    expect(updated.data.area).toBe('China / Cantón / Cantón (ciudad)');
    const foreign = await t.call('/Web/UpdateAddress', { ...valid(), id: mine.id }, { token: tokens.demo });
    expect(foreign.code).toBe(40004);
    expect((await t.call(`/Web/SetDefaultAddress/${mine.id}`, undefined, { token: tokens.demo })).code).toBe(
      40004,
    );
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/Web/DeleteAddress?id=${mine.id}`,
      headers: { token: tokens.demo },
    });
    expect(del.json().code).toBe(40004);
    const [still] = await t.database.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(still?.contactName).toBe('Li Si');
  });

  it('deletes with the id in the query string; a deleted default passes to the newest address', async () => {
    const list = (await t.call<Address[]>('/Web/GetAddress', undefined, { token: tokens.partner })).data;
    const def = list.find((a) => a.is_default)!;
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/Web/DeleteAddress?id=${def.id}`,
      headers: { token: tokens.partner },
    });
    expect(del.json()).toMatchObject({ code: 200, data: { id: def.id } });
    const after = (await t.call<Address[]>('/Web/GetAddress', undefined, { token: tokens.partner })).data;
    expect(after.map((a) => a.id)).not.toContain(def.id);
    expect(after.filter((a) => a.is_default)).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/Web/DeleteAddress?id=${def.id}`,
      headers: { token: tokens.partner },
    });
    expect(again.json().code).toBe(40004);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Web/DeleteAddress?id=abc',
      headers: { token: tokens.partner },
    });
    expect(bad.json().code).toBe(40001);
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_COMPANY} addresses per company`, async () => {
    const count = async () =>
      (
        await t.database.db
          .select()
          .from(addresses)
          .where(and(eq(addresses.companyId, DEMO_IDS.partnerCompany)))
      ).length;
    const have = await count();
    for (let i = have; i < MAX_ADDRESSES_PER_COMPANY; i++) {
      expect((await t.call('/Web/AddAddress', valid(), { token: tokens.partner })).code).toBe(200);
    }
    const over = await t.call('/Web/AddAddress', valid(), { token: tokens.partner, lng: 'en' });
    expect(over.code).toBe(40000);
    expect(over.msg).toBe(`A company can keep at most ${MAX_ADDRESSES_PER_COMPANY} shipping addresses.`);
    expect(await count()).toBe(MAX_ADDRESSES_PER_COMPANY);
  });
});

describe("the spec's `area` field (spec §3 Address: caption, contact_name, area, address, phone)", () => {
  const withArea = (area: unknown) => {
    const { area_id: _unused, ...rest } = valid();
    return { ...rest, area };
  };

  it.each([
    ['the area id', () => guangzhou],
    ['the id as digits', () => String(guangzhou)],
    ["the cascader's id path", () => [guangzhou]],
    ['the path GetAddress answers in English', () => 'China / Guangdong / Guangzhou'],
    ['the path in Chinese', () => '中国 / 广东省 / 广州市'],
    ['the city alone', () => 'guangzhou'],
  ])('AddAddress takes %s', async (_label, area) => {
    const answer = await t.call<Address>('/Web/AddAddress', withArea(area()), {
      token: tokens.demo,
      lng: 'en',
    });
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    expect(answer.data.area_id).toBe(guangzhou);
    expect(answer.data.area).toBe('China / Guangdong / Guangzhou');
    await t.call(`/Web/DeleteAddress?id=${answer.data.id}`, undefined, { token: tokens.demo });
  });

  it('UpdateAddress takes it too; area_id wins when both come', async () => {
    const added = await t.call<Address>('/Web/AddAddress', valid(), { token: tokens.demo, lng: 'en' });
    const [other] = await t.database.db.select({ id: areas.id }).from(areas).where(eq(areas.code, 'CN-SH'));
    const moved = await t.call<Address>(
      '/Web/UpdateAddress',
      { ...withArea(other!.id), id: added.data.id },
      { token: tokens.demo, lng: 'en' },
    );
    expect(moved.data.area_id).toBe(other!.id);
    const both = await t.call<Address>(
      '/Web/UpdateAddress',
      { ...valid(), area: other!.id, id: added.data.id },
      { token: tokens.demo, lng: 'en' },
    );
    expect(both.data.area_id).toBe(guangzhou);
    await t.call(`/Web/DeleteAddress?id=${added.data.id}`, undefined, { token: tokens.demo });
  });

  it('a path that names no area asks for the region, in the caller’s language', async () => {
    const answer = await t.call('/Web/AddAddress', withArea('Atlantis / Nowhere'), {
      token: tokens.demo,
      lng: 'es',
    });
    expect(answer.code).toBe(40001);
    const blank = await t.call('/Web/AddAddress', withArea(''), { token: tokens.demo, lng: 'es' });
    expect(blank.msg).toBe(answer.msg);
  });
});
