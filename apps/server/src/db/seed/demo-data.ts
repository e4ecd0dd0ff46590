import { getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ADMIN_ROLE, ALL_MENU_CODES, MENU_CODES } from '@partsportal/contract/endpoint';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import { rowsOf, type Database, type Db } from '../client';
import { accounts, companies, priceLevels, staff, users } from '../schema/accounts';
import {
  brands,
  companyPrices,
  customerPartNumbers,
  fitments,
  partTypes,
  productNumbers,
  products,
  stock,
  stores,
  termNames,
  vehicles,
} from '../schema/catalog';
import {
  addresses,
  areas,
  cartItems,
  deliveries,
  deliveryLines,
  freightCarriers,
  freightRates,
  ledgerEntries,
  noticeCompanies,
  noticeReads,
  notices,
  orderEvents,
  orderLines,
  orders,
  payments,
  purchaseLines,
  purchases,
  salesBills,
  salesLines,
} from '../schema/trading';
import type { MessageKey } from '../../platform/messages';
import { hashPassword } from '../../platform/password';
import { CARRIER_NAMES, DEMO_TERMS, STORE_NAMES } from './name-data';
import { AREA_TREE, type AreaSpec } from './area-data';
import { createBulkWriter, type BulkWriter } from './bulk-insert';
import {
  BRANDS,
  MAKE_GROUP_SHARES,
  MAKE_GROUPS,
  MAKE_NAMES_ZH,
  OE_FORMATS,
  PART_TYPES,
  VEHICLE_MODELS,
  type BrandSpec,
  type PartTypeSpec,
} from './catalog-data';
import { applyPerMille, centsToString, scaledToString } from './money';
import { NOTICES } from './notice-data';
import { writeDemoSupersessions } from './supersession-data';
import { createRandom, type Random } from './random';

export interface SeedOptions {
  /** Number of products (brief §7: ≥ 20,000 for `npm start`; 1,000,000 for benchmarks). */
  parts: number;
  seed: number;
  /** Anchors the 12 months of history; the same seed and now give identical data. */
  now?: Date;
  passwordHashMemoryKiB?: number;
  /**
   * Multiplies the number of orders, deliveries, purchases … (default 1). Benchmarks of order
   * lists on large data raise it; the catalogue size does not change it.
   */
  historyScale?: number;
  /**
   * false: companies, users, stores and the catalogue only — no orders, deliveries, bills,
   * payments, purchases or notices (DEMO_HISTORY=false; issue 15's journey starts from nothing).
   */
  history?: boolean;
  /**
   * From this many parts on, the bulk tables take their rows without secondary indexes and
   * foreign keys, rebuilt at the end (default 100,000; the tests lower it to check the rebuild).
   */
  setAsideIndexesFrom?: number;
  log?: (line: string) => void;
}

export interface SeedSummary {
  parts: number;
  seed: number;
  /** Rows written per table name. */
  counts: Record<string, number>;
  elapsedMs: number;
}

export const ACCOUNT_ID = 1;

/** The demo logins of brief §7 (printed by `npm start`). */
export const DEMO_LOGINS = [
  { userId: 'demo', password: 'demo1234', note: 'buyer, every customer menu, show_address on' },
  {
    userId: 'viewer',
    password: 'viewer1234',
    note: 'catalogue (1001) and notices (1007) only; same company as demo',
  },
  { userId: 'partner', password: 'partner1234', note: 'another company; also a supplier with purchases' },
  { userId: 'admin', password: 'admin1234', note: 'role admin' },
] as const;

/**
 * The back office's demo owner (issue 14): signs in at /admin/login and enrols a TOTP app at the
 * first sign-in, like every staff account.
 */
export const DEMO_STAFF = {
  login: 'staff',
  password: 'staff1234',
  name: 'Demo Owner',
  role: 'owner',
} as const;

/** Ids fixed by the generator, for tests and docs. */
export const DEMO_IDS = {
  houseCompany: 1,
  demoCompany: 2,
  partnerCompany: 3,
  supplierCompany: 8,
  users: { demo: 1, viewer: 2, partner: 3, admin: 4 },
  stores: { guangzhou: 1, shanghai: 2, madrid: 3, losAngeles: 4 },
} as const;

/**
 * Numbers planted on the first products whatever the seed, so tests, docs and the e2e suite
 * can search for them: the brief's OE examples and their products.
 */
export const DEMO_ANCHORS = [
  {
    productId: 1,
    type: 'brake_pad',
    brand: 'Bosch',
    number: '0 986 494 123',
    oe: '04465-33450',
    make: 'Toyota',
  },
  {
    productId: 2,
    type: 'brake_pad',
    brand: 'TRW',
    number: 'GDB1550',
    oe: '1K0 698 151 B',
    make: 'Volkswagen',
  },
  {
    productId: 3,
    type: 'oil_filter',
    brand: 'Mann-Filter',
    number: 'W 610/3',
    oe: 'MD-370',
    make: 'Mitsubishi',
  },
] as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Products whose snapshot data is kept in memory for orders, purchases and carts. */
const HISTORY_POOL_MAX = 20_000;
const PRODUCT_CHUNK = 5_000;
/** Above this size secondary indexes are dropped during the load and rebuilt after (much faster). */
const REBUILD_INDEXES_FROM = 100_000;
/** VAT included in tax_price (China's standard rate). */
const VAT_PER_MILLE = 1_130;

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const rows = await database.rows<{ present: boolean }>(
    sql`select exists (select 1 from accounts) as present`,
  );
  return rows[0]?.present !== true;
}

interface PoolProduct {
  id: number;
  number: string;
  numberKey: string;
  names: readonly [string, string, string];
  brand: string;
  unit: string;
  priceCents: number;
  buyQty: number;
  makeNames: string;
  extendParam: string;
  storeIds: number[];
}

interface CompanySpec {
  id: number;
  name: string;
  sortName: string;
  priceLevelId: number | null;
  paymentDays: number;
  creditLimitYuan: number;
  isCustomer: boolean;
  isSupplier: boolean;
  /** Orders per month at history scale 1 (0 = no order history). */
  ordersPerMonth: number;
  /** Purchases per month when the company is a supplier. */
  purchasesPerMonth: number;
  /** Snapshot language of line names: 0 zh, 1 en, 2 es. */
  language: 0 | 1 | 2;
  /** Share of orders paid up front online (pending_payment first). */
  prepaidShare: number;
}

const PRICE_LEVELS = [
  { id: 1, name: 'Retail', perMille: 1000 },
  { id: 2, name: 'Workshop', perMille: 900 },
  { id: 3, name: 'Dealer', perMille: 820 },
  { id: 4, name: 'Partner', perMille: 780 },
] as const;

const COMPANIES: readonly CompanySpec[] = [
  {
    id: 1,
    name: 'PartsPortal Demo Wholesale Co., Ltd.',
    sortName: 'PartsPortal Wholesale',
    priceLevelId: null,
    paymentDays: 0,
    creditLimitYuan: 0,
    isCustomer: false,
    isSupplier: false,
    ordersPerMonth: 0,
    purchasesPerMonth: 0,
    language: 0,
    prepaidShare: 0,
  },
  {
    id: 2,
    name: 'Shenzhen Rapid Auto Repair Co., Ltd.',
    sortName: 'Rapid Auto Repair',
    priceLevelId: 2,
    paymentDays: 30,
    creditLimitYuan: 200_000,
    isCustomer: true,
    isSupplier: false,
    ordersPerMonth: 24,
    purchasesPerMonth: 0,
    language: 0,
    prepaidShare: 0.25,
  },
  {
    id: 3,
    name: 'Guangzhou Yuexin Auto Parts Trading Co., Ltd.',
    sortName: 'Yuexin Trading',
    priceLevelId: 4,
    paymentDays: 45,
    creditLimitYuan: 500_000,
    isCustomer: true,
    isSupplier: true,
    ordersPerMonth: 14,
    purchasesPerMonth: 6,
    language: 0,
    prepaidShare: 0.05,
  },
  {
    id: 4,
    name: 'Beijing Jinghua Auto Service Center',
    sortName: 'Jinghua Auto',
    priceLevelId: 2,
    paymentDays: 30,
    creditLimitYuan: 80_000,
    isCustomer: true,
    isSupplier: false,
    ordersPerMonth: 4,
    purchasesPerMonth: 0,
    language: 0,
    prepaidShare: 0.1,
  },
  {
    id: 5,
    name: 'Chengdu Tianfu Car Care Chain Co., Ltd.',
    sortName: 'Tianfu Car Care',
    priceLevelId: 3,
    paymentDays: 60,
    creditLimitYuan: 300_000,
    isCustomer: true,
    isSupplier: false,
    ordersPerMonth: 5,
    purchasesPerMonth: 0,
    language: 0,
    prepaidShare: 0,
  },
  {
    id: 6,
    name: 'Autopartes del Norte S.A. de C.V.',
    sortName: 'Autopartes del Norte',
    priceLevelId: 3,
    paymentDays: 45,
    creditLimitYuan: 150_000,
    isCustomer: true,
    isSupplier: false,
    ordersPerMonth: 2,
    purchasesPerMonth: 0,
    language: 2,
    prepaidShare: 0,
  },
  {
    id: 7,
    name: 'Talleres Hermanos Ruiz S.L.',
    sortName: 'Talleres Ruiz',
    priceLevelId: 1,
    paymentDays: 0,
    creditLimitYuan: 0,
    isCustomer: true,
    isSupplier: false,
    ordersPerMonth: 2,
    purchasesPerMonth: 0,
    language: 2,
    prepaidShare: 1,
  },
  {
    id: 8,
    name: 'Ningbo Yongxin Brake Manufacturing Co., Ltd.',
    sortName: 'Yongxin Brake',
    priceLevelId: null,
    paymentDays: 60,
    creditLimitYuan: 0,
    isCustomer: false,
    isSupplier: true,
    ordersPerMonth: 0,
    purchasesPerMonth: 3,
    language: 0,
    prepaidShare: 0,
  },
];

const STORES = [
  { id: 1, name: 'Guangzhou Main Warehouse', country: 'CN', share: 0.9 },
  { id: 2, name: 'Shanghai Warehouse', country: 'CN', share: 0.55 },
  { id: 3, name: 'Madrid Warehouse', country: 'ES', share: 0.3 },
  { id: 4, name: 'Los Angeles Warehouse', country: 'US', share: 0.2 },
] as const;

/** Carrier as the bill writes it, the carrier id it is (writeFreight; decision 011), waybill number. */
const LOGISTICS: ReadonlyArray<readonly [string, number, (r: Random) => string]> = [
  ['SF Express', 1, (r) => `SF${r.int(1, 9)}${r.digits(12)}`],
  ['顺丰速运', 1, (r) => `SF${r.int(1, 9)}${r.digits(12)}`],
  ['DHL', 3, (r) => r.digits(10)],
  ['FedEx', 6, (r) => r.digits(12)],
  ['德邦物流', 2, (r) => `DPK${r.digits(12)}`],
  ['中通快递', 7, (r) => `7${r.digits(13)}`],
];
const LOGISTICS_WEIGHTS = [30, 20, 10, 8, 15, 17];

/** The ledger's and payments' system remarks as message keys, shown in the reader's language. */
const SEEDED_REMARK_KEYS: Readonly<Record<string, MessageKey>> = {
  'Opening balance': 'ledgerOpeningBalance',
  Freight: 'ledgerFreight',
  'Monthly settlement': 'paymentMonthlySettlement',
};

/** The history's system notes as message keys (platform/messages.ts), shown in the reader's language. */
const SEEDED_NOTE_KEYS: Readonly<Record<string, MessageKey>> = {
  'paid online': 'orderEventPaidOnline',
  'customer request': 'orderEventCustomerRequest',
  'duplicate order': 'orderEventDuplicateOrder',
  'out of stock': 'orderEventOutOfStock',
};

const PURCHASERS = ['王芳', '李伟', '陈静', '刘洋', '赵敏'];

/** Helper to buffer rows of one table and hand them to the writer in big batches. */
class RowBuffer<T extends PgTable> {
  private rows: InferInsertModel<T>[] = [];
  constructor(
    private readonly writer: BulkWriter,
    readonly table: T,
  ) {}
  push(row: InferInsertModel<T>): void {
    this.rows.push(row);
  }
  get size(): number {
    return this.rows.length;
  }
  async drain(): Promise<void> {
    if (this.rows.length === 0) return;
    const batch = this.rows;
    this.rows = [];
    await this.writer.insert(this.table, batch);
  }
}

export async function seedDemoData(database: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  if (!Number.isInteger(options.parts) || options.parts < 3) throw new Error('parts must be an integer ≥ 3');
  const now = options.now ?? new Date();
  const memoryKiB = options.passwordHashMemoryKiB ?? 19_456;

  // argon2 runs on libuv's pool, so the four hashes overlap; done before the transaction so a
  // PostgreSQL connection is not held idle meanwhile.
  const [demoHash, viewerHash, partnerHash, adminHash, staffHash] = await Promise.all(
    [...DEMO_LOGINS, DEMO_STAFF].map((login) => hashPassword(login.password, memoryKiB)),
  );

  let counts: Map<string, number> = new Map();
  await database.transaction(async (tx) => {
    const writer = createBulkWriter(tx);
    const context: Context = {
      tx,
      writer,
      now: now.getTime(),
      seed: options.seed,
      parts: options.parts,
      historyScale: options.historyScale ?? 1,
      history: options.history ?? true,
      setAsideIndexesFrom: options.setAsideIndexesFrom ?? REBUILD_INDEXES_FROM,
      log,
      started,
      kind: database.kind,
    };
    const areaIndex = await writeFoundation(context, {
      demoHash: demoHash!,
      viewerHash: viewerHash!,
      partnerHash: partnerHash!,
      adminHash: adminHash!,
      staffHash: staffHash!,
    });
    const catalog = await writeCatalogue(context);
    if (context.history) await writeHistory(context, catalog, areaIndex);
    await writer.flush();
    const links = await writeDemoSupersessions(tx, ACCOUNT_ID, now);
    log(`demo data: ${links} supersessions and substitutes (${elapsed(context)})`);
    await resetSequences(tx);
    // The history leaves companies owing money; the seeded limits are meant as room to buy on
    // account on top of that, so "pay on account" works in the demo.
    await tx.execute(sql`
      update companies c set credit_limit = ceil((l.debts + c.credit_limit) / 1000) * 1000
      from (select company_id, sum(debit - credit) as debts from ledger_entries group by company_id) l
      where l.company_id = c.id and c.credit_limit > 0 and l.debts > 0`);
    counts = writer.counts;
  });

  const elapsedMs = Math.round(performance.now() - started);
  log(`demo data: done in ${(elapsedMs / 1000).toFixed(1)} s`);
  return {
    parts: options.parts,
    seed: options.seed,
    counts: Object.fromEntries([...counts.entries()].sort()),
    elapsedMs,
  };
}

interface Context {
  tx: Db;
  writer: BulkWriter;
  now: number;
  seed: number;
  parts: number;
  historyScale: number;
  history: boolean;
  setAsideIndexesFrom: number;
  log: (line: string) => void;
  started: number;
  kind: Database['kind'];
}

const elapsed = (context: Context): string =>
  `${((performance.now() - context.started) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// Account, companies, users, areas, stores, freight, notices

interface Hashes {
  demoHash: string;
  viewerHash: string;
  partnerHash: string;
  adminHash: string;
  staffHash: string;
}

interface AreaIndex {
  byCode: Map<string, { id: number; path: string; level: number }>;
}

async function writeFoundation(context: Context, hashes: Hashes): Promise<AreaIndex> {
  const { writer, now } = context;
  const created = new Date(now - 400 * DAY);
  await writer.insert(accounts, [
    {
      id: ACCOUNT_ID,
      name: 'PartsPortal Demo Wholesale',
      homeTitle: {
        zh: 'PartsPortal 汽配批发演示',
        en: 'PartsPortal Demo Wholesale',
        es: 'PartsPortal Mayorista de Demostración',
      },
      homeLogo: null,
      currency: 'CNY',
      createdAt: created,
    },
  ]);
  await writer.insert(
    priceLevels,
    PRICE_LEVELS.map((level) => ({
      id: level.id,
      accountId: ACCOUNT_ID,
      name: level.name,
      factor: scaledToString(level.perMille * 10, 4),
    })),
  );
  await writer.insert(
    companies,
    COMPANIES.map((c) => ({
      id: c.id,
      accountId: ACCOUNT_ID,
      name: c.name,
      sortName: c.sortName,
      priceLevelId: c.priceLevelId,
      currency: 'CNY',
      creditLimit: centsToString(c.creditLimitYuan * 100),
      paymentDays: c.paymentDays,
      isCustomer: c.isCustomer,
      isSupplier: c.isSupplier,
      createdAt: created,
    })),
  );
  const allMenus = [...ALL_MENU_CODES];
  const userBase = {
    accountId: ACCOUNT_ID,
    avatar: '',
    isActive: true,
    createdAt: created,
    passwordChangedAt: null,
  };
  await writer.insert(users, [
    {
      ...userBase,
      id: DEMO_IDS.users.demo,
      companyId: DEMO_IDS.demoCompany,
      userId: 'demo',
      name: 'Chen Zhiqiang 陈志强',
      passwordHash: hashes.demoHash,
      role: 'customer',
      menus: allMenus,
      tags: ['cart:import', 'order:export'],
      showAddress: true,
      productDetailTitleShowMyNumber: true,
    },
    {
      ...userBase,
      id: DEMO_IDS.users.viewer,
      companyId: DEMO_IDS.demoCompany,
      userId: 'viewer',
      name: 'Lin Xiaoyu 林晓雨',
      passwordHash: hashes.viewerHash,
      role: 'customer',
      menus: [MENU_CODES.catalog, MENU_CODES.notice],
      tags: [],
      showAddress: false,
      productDetailTitleShowMyNumber: false,
    },
    {
      ...userBase,
      id: DEMO_IDS.users.partner,
      companyId: DEMO_IDS.partnerCompany,
      userId: 'partner',
      name: 'Huang Jianguo 黄建国',
      passwordHash: hashes.partnerHash,
      role: 'customer',
      menus: allMenus,
      tags: ['cart:import', 'order:export'],
      showAddress: true,
      productDetailTitleShowMyNumber: true,
    },
    {
      ...userBase,
      id: DEMO_IDS.users.admin,
      companyId: DEMO_IDS.houseCompany,
      userId: 'admin',
      name: 'Administrator',
      passwordHash: hashes.adminHash,
      role: ADMIN_ROLE,
      menus: allMenus,
      tags: ['cart:import', 'order:export'],
      showAddress: true,
      productDetailTitleShowMyNumber: true,
    },
  ]);

  // The back office's owner; no TOTP yet, so the first sign-in enrols one.
  await writer.insert(staff, [
    {
      id: 1,
      accountId: ACCOUNT_ID,
      login: DEMO_STAFF.login,
      name: DEMO_STAFF.name,
      role: DEMO_STAFF.role,
      passwordHash: hashes.staffHash,
      createdAt: created,
    },
  ]);

  // Areas: depth-first with explicit ids, so a parent always precedes its children.
  const areaRows: InferInsertModel<typeof areas>[] = [];
  const byCode: AreaIndex['byCode'] = new Map();
  const visit = (spec: AreaSpec, parentId: number | null, level: number, parentPath: string): void => {
    const id = areaRows.length + 1;
    // Paths start at the country: continents are only a grouping in the picker.
    const path = level === 1 ? '' : parentPath ? `${parentPath} / ${spec.en}` : spec.en;
    areaRows.push({ id, parentId, name: spec.zh, nameEn: spec.en, nameEs: spec.es, level, code: spec.code });
    byCode.set(spec.code, { id, path, level });
    for (const child of spec.children ?? []) visit(child, id, level + 1, path);
  };
  for (const continent of AREA_TREE) visit(continent, null, 1, '');
  await writer.insert(areas, areaRows);
  const areaId = (code: string): number => {
    const found = byCode.get(code);
    if (!found) throw new Error(`unknown area ${code}`);
    return found.id;
  };

  await writer.insert(
    stores,
    STORES.map((s) => ({
      id: s.id,
      accountId: ACCOUNT_ID,
      name: s.name,
      names: STORE_NAMES[s.id] ?? {},
      areaId: areaId(s.country),
      isActive: true,
    })),
  );

  await writeFreight(context, areaRows, areaId);
  await writeAddresses(context, byCode);
  if (context.history) await writeNotices(context);
  context.log(
    `demo data: account, companies, users, ${areaRows.length} areas, stores, freight${context.history ? ', notices' : ''} (${elapsed(context)})`,
  );
  return { byCode };
}

async function writeFreight(
  context: Context,
  areaRows: ReadonlyArray<InferInsertModel<typeof areas>>,
  areaId: (code: string) => number,
): Promise<void> {
  const random = createRandom(context.seed, 7);
  const carriers = [
    // Tracking pages for the parcel carriers; the freight forwarders have none (no link shown).
    {
      id: 1,
      name: 'SF Express',
      mode: 'express',
      trackingUrl: 'https://www.sf-express.com/chn/en/waybill/waybill-detail/{no}',
    },
    { id: 2, name: 'Deppon Freight', mode: 'truck' },
    {
      id: 3,
      name: 'DHL Express',
      mode: 'air',
      trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={no}',
    },
    { id: 4, name: 'COSCO Sea Freight', mode: 'sea' },
    {
      id: 5,
      name: 'SEUR',
      mode: 'express',
      trackingUrl: 'https://www.seur.com/livetracking/?segOnlineIdentificador={no}',
    },
    {
      id: 6,
      name: 'FedEx Ground',
      mode: 'truck',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={no}',
    },
    // No rates: only the sales bills name it (LOGISTICS).
    { id: 7, name: 'ZTO Express', mode: 'express' },
  ];
  await context.writer.insert(
    freightCarriers,
    // The bulk writer sends every column: a carrier without a page gets '' (not the default).
    carriers.map((c) => ({ trackingUrl: '', ...c, accountId: ACCOUNT_ID, names: CARRIER_NAMES[c.id] ?? {} })),
  );
  await context.writer.insert(
    termNames,
    DEMO_TERMS.map((row) => ({ kind: row.kind, term: row.term, names: row.names })),
  );

  const rows: InferInsertModel<typeof freightRates>[] = [];
  const rate = (
    carrierId: number,
    from: string,
    toAreaId: number,
    first: readonly [number, number],
    firstCents: number,
    additional: readonly [number, number],
    additionalCents: number,
    divisor: number,
    minimumCents: number,
    days: readonly [number, number],
  ): void => {
    rows.push({
      id: rows.length + 1,
      carrierId,
      fromAreaId: areaId(from),
      toAreaId,
      currency: 'CNY',
      firstWeightKg: scaledToString(first[0], first[1]),
      firstPrice: centsToString(firstCents),
      additionalWeightKg: scaledToString(additional[0], additional[1]),
      additionalPrice: centsToString(additionalCents),
      volumetricDivisor: divisor,
      minimumCharge: centsToString(minimumCents),
      transitDaysMin: days[0],
      transitDaysMax: days[1],
    });
  };
  const childrenOf = (code: string): Array<InferInsertModel<typeof areas>> => {
    const parent = areaId(code);
    return areaRows.filter((a) => a.parentId === parent);
  };
  const countries = areaRows.filter((a) => a.level === 2);

  for (const province of childrenOf('CN')) {
    const near = province.code === 'CN-GD';
    const far = ['CN-XZ', 'CN-XJ', 'CN-QH', 'CN-NM', 'CN-HK', 'CN-MO'].includes(province.code ?? '');
    const firstYuan = near ? 12 : far ? 28 : random.int(18, 23);
    const minDays = near ? 1 : far ? 3 : 2;
    rate(
      1,
      'CN',
      province.id!,
      [1, 0],
      firstYuan * 100,
      [1, 0],
      (near ? 2 : far ? 12 : random.int(5, 9)) * 100,
      6000,
      firstYuan * 100,
      [minDays, minDays + 2],
    );
    rate(
      2,
      'CN',
      province.id!,
      [30, 0],
      (near ? 45 : random.int(60, far ? 140 : 95)) * 100,
      [1, 0],
      random.int(120, far ? 480 : 260),
      6000,
      4500,
      [minDays + 1, minDays + 5],
    );
  }
  for (const country of countries) {
    if (country.code === 'CN') continue;
    rate(
      3,
      'CN',
      country.id!,
      [5, 1],
      random.int(180, 260) * 100,
      [5, 1],
      random.int(60, 95) * 100,
      5000,
      0,
      [3, 7],
    );
    rate(
      4,
      'CN',
      country.id!,
      [100, 0],
      random.int(700, 1100) * 100,
      [1, 0],
      random.int(300, 600),
      1000,
      80_000,
      [20, 45],
    );
  }
  for (const province of childrenOf('ES')) {
    const islands = ['ES-PM', 'ES-GC', 'ES-TF', 'ES-CE', 'ES-ML'].includes(province.code ?? '');
    rate(
      5,
      'ES',
      province.id!,
      [1, 0],
      (islands ? 85 : 48) * 100,
      [1, 0],
      (islands ? 18 : 6) * 100,
      5000,
      0,
      islands ? [3, 5] : [1, 2],
    );
  }
  for (const code of ['DE', 'FR', 'IT', 'GB', 'PT', 'US', 'MX']) {
    rate(
      3,
      'ES',
      areaId(code),
      [5, 1],
      random.int(160, 240) * 100,
      [5, 1],
      random.int(55, 90) * 100,
      5000,
      0,
      [2, 5],
    );
  }
  for (const state of childrenOf('US')) {
    const far = ['US-AK', 'US-HI'].includes(state.code ?? '');
    rate(
      6,
      'US',
      state.id!,
      [1, 0],
      (far ? 160 : random.int(70, 110)) * 100,
      [1, 0],
      random.int(8, far ? 40 : 18) * 100,
      5000,
      0,
      far ? [5, 9] : [1, 5],
    );
  }
  for (const code of ['MX', 'CA']) {
    rate(
      3,
      'US',
      areaId(code),
      [5, 1],
      random.int(150, 220) * 100,
      [5, 1],
      random.int(50, 80) * 100,
      5000,
      0,
      [2, 4],
    );
  }
  await context.writer.insert(freightRates, rows);
}

async function writeAddresses(context: Context, byCode: AreaIndex['byCode']): Promise<void> {
  const area = (code: string) => {
    const found = byCode.get(code);
    if (!found) throw new Error(`unknown area ${code}`);
    return found;
  };
  const list: Array<[number, string, string, string, string, string, boolean]> = [
    [2, '深圳总店', '陈志强', 'CN-GD-SZ', '南山区科技园南区高新南七道 18 号', '13826541234', true],
    [2, '宝安分店', '周海燕', 'CN-GD-SZ', '宝安区西乡街道宝源路 1065 号', '13902987765', false],
    [2, '东莞仓库', '吴建军', 'CN-GD-DG', '南城街道宏图路 88 号汽配城 B12', '13713459876', false],
    [3, '白云总部', '黄建国', 'CN-GD-GZ', '白云区广园西路 122 号广州汽配城 3 楼', '13600001234', true],
    [3, '佛山仓', '梁志华', 'CN-GD-FS', '南海区桂城街道海八路 9 号', '13790112233', false],
    [4, '朝阳店', '王磊', 'CN-BJ-CY', '朝阳区东三环北路 38 号', '13501234567', true],
    [5, '天府店', '李娜', 'CN-SC-CD', '武侯区天府大道北段 966 号', '18628001234', true],
    [
      6,
      'Monterrey',
      'José Luis Garza',
      'MX-NLE-MTY',
      'Av. Constitución 1520, Centro',
      '+52 81 8123 4567',
      true,
    ],
    [7, 'Taller', 'Antonio Ruiz', 'ES-V-VLC', 'Calle de Sueca 45, 46006 Valencia', '+34 612 345 678', true],
  ];
  await context.writer.insert(
    addresses,
    list.map(([companyId, caption, contactName, code, address, phone, isDefault], index) => {
      const found = area(code);
      return {
        id: index + 1,
        companyId,
        caption,
        contactName,
        areaId: found.id,
        area: found.path,
        address,
        phone,
        isDefault,
        createdAt: new Date(context.now - (300 - index) * DAY),
      };
    }),
  );
}

async function writeNotices(context: Context): Promise<void> {
  const random = createRandom(context.seed, 8);
  const noticeRows: InferInsertModel<typeof notices>[] = [];
  const readRows: InferInsertModel<typeof noticeReads>[] = [];
  const targetRows: InferInsertModel<typeof noticeCompanies>[] = [];
  NOTICES.forEach((notice, index) => {
    const id = index + 1;
    if (notice.demoOnly) targetRows.push({ noticeId: id, companyId: DEMO_IDS.demoCompany });
    const publishedAt = context.now - notice.daysAgo * DAY - random.int(0, 8 * 60) * MINUTE;
    noticeRows.push({
      id,
      accountId: ACCOUNT_ID,
      targetAll: !notice.demoOnly,
      titleZh: notice.title[0],
      titleEn: notice.title[1],
      titleEs: notice.title[2],
      contentZh: notice.content[0],
      contentEn: notice.content[1],
      contentEs: notice.content[2],
      isPinned: notice.pinned,
      publishedAt: new Date(publishedAt),
      attachments:
        index === 3 ? [{ name: 'cart-import-template.xlsx', path: 'notices/cart-import-template.xlsx' }] : [],
    });
    // Demo has read the older notices (the newest stay unread), the others a few at random.
    const readers: number[] = [];
    if (notice.daysAgo > 10) readers.push(DEMO_IDS.users.demo);
    if (random.chance(0.4)) readers.push(DEMO_IDS.users.viewer);
    if (!notice.demoOnly && random.chance(0.5)) readers.push(DEMO_IDS.users.partner);
    for (const userId of readers) {
      readRows.push({
        noticeId: id,
        userId,
        readAt: new Date(Math.min(context.now - HOUR, publishedAt + random.int(1, 72) * HOUR)),
      });
    }
  });
  await context.writer.insert(notices, noticeRows);
  await context.writer.insert(noticeCompanies, targetRows);
  await context.writer.insert(noticeReads, readRows);
}

// ---------------------------------------------------------------------------------------------
// Catalogue

interface Catalogue {
  pool: PoolProduct[];
  /** my_number per product id, for the companies that keep their own numbers. */
  myNumbers: Map<number, Map<number, string>>;
  /** Fixed prices per company and product id (cents). */
  companyPriceCents: Map<number, Map<number, number>>;
}

interface VehicleInfo {
  id: number;
  make: string;
  model: string;
  engine: string;
  cc: number;
  yearFrom: number;
  yearTo: number;
  engineName: string;
}

const fillPattern = (pattern: string, random: Random): string => {
  let out = '';
  for (const ch of pattern) {
    if (ch === '#') out += String(random.int(0, 9));
    else if (ch === '@') out += 'ABCDEFGHJKLMNPRSTUVWXYZ'[random.int(0, 22)];
    else if (ch === '%') out += '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'[random.int(0, 32)];
    else out += ch;
  }
  return out;
};

const brandPatterns = (brand: BrandSpec, type: PartTypeSpec): readonly string[] =>
  brand.patterns[type.category] ?? brand.patterns.default;

function buildVehicles(): { rows: InferInsertModel<typeof vehicles>[]; info: VehicleInfo[] } {
  const rows: InferInsertModel<typeof vehicles>[] = [];
  const info: VehicleInfo[] = [];
  const driveNames: Record<string, string> = {
    FWD: 'Front-wheel drive',
    RWD: 'Rear-wheel drive',
    AWD: 'All-wheel drive',
    '4WD': 'Four-wheel drive',
  };
  for (const [make, model, body, years, engines] of VEHICLE_MODELS) {
    const [fromText = '', toText = ''] = years.split('-');
    const yearFrom = Number(fromText);
    const yearTo = Number(toText);
    for (const engine of engines) {
      const [name = '', kwText = '', ccText = '', code = '', fuel = '', transmissions = '', drives = ''] =
        engine.split('|');
      const kw = Number(kwText);
      const cc = Number(ccText);
      const driveList = drives.split(',');
      for (const transmission of transmissions.split(',')) {
        for (const drive of driveList) {
          const id = rows.length + 1;
          const suffix = [transmission, driveList.length > 1 ? drive : ''].filter(Boolean).join(' ');
          rows.push({
            id,
            accountId: ACCOUNT_ID,
            m1Name: make,
            m2Name: model,
            m3Name: `${name} ${suffix}`.trim(),
            m3Kw: kw,
            m3Cc: cc,
            m3Engine: code,
            plTransmission:
              transmission === 'MT' ? 'Manual' : transmission === 'AT' ? 'Automatic' : transmission,
            plFuel: fuel,
            plBody: body,
            plFrontBrake: kw >= 90 ? 'Disc brake, vented' : 'Disc brake',
            plRearBrake: body === 'Pickup' || kw < 75 ? 'Drum brake' : 'Disc brake',
            plParkingBrake:
              yearFrom >= 2012 && kw >= 110 && body !== 'Pickup' && body !== 'Van'
                ? 'Electric'
                : 'Mechanical',
            plDrive: driveNames[drive] ?? drive,
            m3Year: years,
            yearFrom,
            yearTo,
          });
          info.push({ id, make, model, engine: code, cc, yearFrom, yearTo, engineName: name });
        }
      }
    }
  }
  return { rows, info };
}

/** AAIA-style application line, e.g. "2014-2019 Toyota Corolla L4 1.8L". */
const aaiaLine = (v: VehicleInfo): string => {
  const cylinders = /V8/.test(v.engineName)
    ? 'V8'
    : /V6/.test(v.engineName)
      ? 'V6'
      : v.cc < 1300
        ? 'L3'
        : v.cc > 2900 && v.make === 'BMW'
          ? 'L6'
          : v.cc > 2900 && v.make === 'Mercedes-Benz'
            ? 'V6'
            : 'L4';
  const litres = `${Math.floor((v.cc + 50) / 1000)}.${Math.floor(((v.cc + 50) % 1000) / 100)}`;
  const baseModel = v.model.replace(/\s*\(.*\)$/, '');
  return `${v.yearFrom}-${v.yearTo} ${v.make} ${baseModel} ${cylinders} ${litres}L`;
};

async function writeCatalogue(context: Context): Promise<Catalogue> {
  const { writer, parts } = context;
  const random = createRandom(context.seed, 1);

  await writer.insert(
    brands,
    BRANDS.map((b, i) => ({ id: i + 1, accountId: ACCOUNT_ID, name: b.name, country: b.country })),
  );
  await writer.insert(
    partTypes,
    PART_TYPES.map((t, i) => ({
      id: i + 1,
      accountId: ACCOUNT_ID,
      code: t.code,
      nameZh: t.names[0],
      nameEn: t.names[1],
      nameEs: t.names[2],
    })),
  );
  const vehicleData = buildVehicles();
  await writer.insert(vehicles, vehicleData.rows);

  const brandsByType = PART_TYPES.map((type) =>
    BRANDS.map((b, i) => i).filter((i) => {
      const brand = BRANDS[i]!;
      if (type.brands) return type.brands.includes(brand.name);
      return (
        brand.categories.includes(type.category) && (!brand.onlyTypes || brand.onlyTypes.includes(type.code))
      );
    }),
  );
  const typeShares = PART_TYPES.map((t) => t.share);
  const typeIndexes = PART_TYPES.map((_, i) => i);
  const groupIndexes = MAKE_GROUPS.map((_, i) => i);
  const vehiclesByGroup = MAKE_GROUPS.map((makes) => {
    const byModel = new Map<string, VehicleInfo[]>();
    for (const v of vehicleData.info) {
      if (!makes.includes(v.make)) continue;
      const key = `${v.make}|${v.model}`;
      byModel.set(key, [...(byModel.get(key) ?? []), v]);
    }
    return [...byModel.values()];
  });
  const usedKeys = BRANDS.map(() => new Set<string>());
  const fitCounts = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const fitCountWeights = [8, 12, 16, 16, 14, 12, 10, 7, 5];

  const poolSize = Math.min(parts, HISTORY_POOL_MAX);
  const pool: PoolProduct[] = [];
  const myNumbers = new Map<number, Map<number, string>>([
    [DEMO_IDS.demoCompany, new Map()],
    [DEMO_IDS.partnerCompany, new Map()],
  ]);
  const companyPriceCents = new Map<number, Map<number, number>>([
    [DEMO_IDS.demoCompany, new Map()],
    [DEMO_IDS.partnerCompany, new Map()],
  ]);
  let productNumberId = 0;
  let companyPriceId = 0;
  let demoMyCounter = 0;
  let partnerMyCounter = 0;
  const marketFloor = Date.UTC(2008, 0, 1);

  const bulkTables = [
    'products',
    'product_numbers',
    'customer_part_numbers',
    'fitments',
    'stock',
    'company_prices',
  ];
  // The triggers of decision 028 clear a product's content hash when its cross numbers or
  // fitments change: one UPDATE of products per INSERT statement, joined over the new rows. The
  // seed writes no hashes, so the UPDATE finds nothing — but without statistics on the growing
  // table it was planned as a scan of every product written so far, per 5,000-row statement:
  // quadratic (a 10M-part seed slowed from 7 to 28 s per 50,000 parts at 1.2M). The import core
  // turns them off the same way for its own writes; transaction-local, so for this seed only.
  await context.tx.execute(sql`select set_config('partsportal.import_core_sync', 'on', true)`);
  const dropped =
    parts >= context.setAsideIndexesFrom
      ? [
          ...(await dropForeignKeys(context.tx, bulkTables)),
          ...(await dropSecondaryIndexes(context.tx, bulkTables)),
        ]
      : [];
  if (dropped.length > 0)
    context.log(`demo data: dropped ${dropped.length} indexes and foreign keys for the bulk load`);

  for (let chunkStart = 1; chunkStart <= parts; chunkStart += PRODUCT_CHUNK) {
    const chunkEnd = Math.min(parts, chunkStart + PRODUCT_CHUNK - 1);
    const productRows: InferInsertModel<typeof products>[] = [];
    const numberRows: InferInsertModel<typeof productNumbers>[] = [];
    const fitmentRows: InferInsertModel<typeof fitments>[] = [];
    const stockRows: InferInsertModel<typeof stock>[] = [];
    const myNumberRows: InferInsertModel<typeof customerPartNumbers>[] = [];
    const priceRows: InferInsertModel<typeof companyPrices>[] = [];

    for (let id = chunkStart; id <= chunkEnd; id++) {
      const anchor = DEMO_ANCHORS.find((a) => a.productId === id);
      const typeIndex = anchor
        ? PART_TYPES.findIndex((t) => t.code === anchor.type)
        : random.weighted(typeIndexes, typeShares);
      const type = PART_TYPES[typeIndex]!;
      const brandIndex = anchor
        ? BRANDS.findIndex((b) => b.name === anchor.brand)
        : random.pick(brandsByType[typeIndex]!);
      const brand = BRANDS[brandIndex]!;
      const groupIndex = anchor
        ? MAKE_GROUPS.findIndex((g) => g.includes(anchor.make))
        : random.weighted(groupIndexes, MAKE_GROUP_SHARES);
      const makes = MAKE_GROUPS[groupIndex]!;

      // Our number: the brand's style, unique per brand (the catalogue's unique key).
      const used = usedKeys[brandIndex]!;
      let number: string = anchor
        ? anchor.number
        : fillPattern(random.pick(brandPatterns(brand, type)), random);
      let key = normalizePartNumber(number);
      for (let attempt = 0; used.has(key); attempt++) {
        // Past a few tries the pattern space is crowded (huge catalogues): add a variant suffix.
        number =
          attempt < 6
            ? fillPattern(random.pick(brandPatterns(brand, type)), random)
            : `${number}-${random.int(1, 9)}`;
        key = normalizePartNumber(number);
      }
      used.add(key);

      // Applicable vehicles: whole model ranges of one make group, as catalogues list them.
      let fitCount = Math.min(8, Math.round(random.weighted(fitCounts, fitCountWeights) * type.fitWeight));
      const fitted: VehicleInfo[] = [];
      const models = random.shuffle([...vehiclesByGroup[groupIndex]!]);
      for (const model of models) {
        if (fitCount <= 0) break;
        const take = model.slice(0, fitCount);
        fitted.push(...take);
        fitCount -= take.length;
      }
      for (const v of fitted) fitmentRows.push({ productId: id, vehicleId: v.id });
      const fittedMakes = [...new Set(fitted.map((v) => v.make))];
      const fittedModels = [...new Set(fitted.map((v) => `${v.make}|${v.model}`))];
      const modelDescriptions = fittedModels.map((m) => {
        const of = fitted.filter((v) => `${v.make}|${v.model}` === m);
        const first = of[0]!;
        return { first, engines: [...new Set(of.map((v) => v.engineName))] };
      });

      // Names: the part type with a position or variant.
      const variant = type.variants && random.chance(0.85) ? random.pick(type.variants) : undefined;
      const names: readonly [string, string, string] = variant
        ? [
            `${variant[0].startsWith('(') ? type.names[0] + variant[0] : variant[0] + type.names[0]}`,
            `${type.names[1]}, ${variant[1]}`,
            `${type.names[2]}, ${variant[2]}`,
          ]
        : type.names;

      const grams = random.int(type.grams[0], type.grams[1]);
      // Volume from weight and a packing density, in units of 0.0001 m³ (the column's scale).
      const volumeUnits = Math.max(1, Math.round((grams / random.int(250, 600)) * 10));
      const priceYuan = random.int(type.price[0], type.price[1]) * brand.premium;
      const priceCents = priceYuan >= 100 ? Math.round(priceYuan) * 100 : Math.round(priceYuan * 2) * 50;
      const buyQty =
        type.code === 'spark_plug' || type.code === 'glow_plug'
          ? random.chance(0.4)
            ? 4
            : 0
          : type.unit === 'PR' || type.code === 'headlight_bulb'
            ? random.chance(0.2)
              ? 2
              : 0
            : type.category === 'filter' && random.chance(0.06)
              ? 10
              : random.chance(0.02)
                ? 2
                : 0;
      const isNew = id > 3 && random.chance(0.05);
      const marketTime = isNew
        ? context.now - random.int(5, 90) * DAY
        : random.chance(0.1)
          ? null
          : marketFloor + Math.floor((random.next() * (context.now - 120 * DAY - marketFloor)) / DAY) * DAY;
      const proParams = type.params.map(([name, values]) => {
        const isRange = values.length === 2 && typeof values[0] === 'number' && typeof values[1] === 'number';
        const value = isRange ? random.int(values[0] as number, values[1] as number) : random.pick(values);
        return { name, value: String(value) };
      });
      const imageCount = random.weighted([0, 1, 2, 3], [10, 55, 25, 10]);
      const extendParam = `Origin: ${brand.country}; Warranty: ${random.pick([12, 12, 24, 24, 36])} months`;
      const makeNames = fittedMakes.join(', ');
      productRows.push({
        id,
        accountId: ACCOUNT_ID,
        number,
        numberKey: key,
        brandId: brandIndex + 1,
        partTypeId: typeIndex + 1,
        nameZh: names[0],
        nameEn: names[1],
        nameEs: names[2],
        remark: random.chance(0.12)
          ? random.pick([
              'OE quality / 原厂品质',
              'Check VIN before ordering / 订货前请核对车架号',
              'Sold as a set / 整套销售',
              'Includes fitting kit / 含安装附件',
            ])
          : '',
        unit: type.unit,
        weight: scaledToString(grams, 3),
        volumn: scaledToString(volumeUnits, 4),
        price: centsToString(priceCents),
        buyQty,
        makeNames,
        modelDisplays: fittedModels.map((m) => m.replace('|', ' ')).join(', '),
        noteModel: modelDescriptions
          .map(
            ({ first, engines }) =>
              `${MAKE_NAMES_ZH[first.make] ?? first.make} ${first.model} ${engines.join('/')} ${first.yearFrom}-${first.yearTo}`,
          )
          .join('; '),
        ypModel: modelDescriptions
          .map(({ first }) => `${first.model.toUpperCase()} ${first.yearFrom}-${first.yearTo}`)
          .join('; '),
        ypAaiaModel: [...new Set(fitted.map(aaiaLine))].join('; '),
        proParams,
        extendParam,
        images: Array.from({ length: imageCount }, (_, k) => `p${id}-${k + 1}.jpg`),
        files: [],
        isNew,
        marketTime: marketTime === null ? null : new Date(marketTime),
        saleCount: random.skewed(0, 800, 3),
        isActive: true,
        createdAt: new Date(context.now - 400 * DAY),
      });

      // Cross references: OE numbers of the vehicle maker and other brands' numbers.
      const oeMakes = fittedMakes.length > 0 ? fittedMakes : [makes[0]!];
      const oeCount = anchor ? 2 : random.weighted([1, 2, 3], [40, 40, 20]);
      for (let k = 0; k < oeCount; k++) {
        const make = anchor && k === 0 ? anchor.make : random.pick(oeMakes);
        const format = OE_FORMATS[make];
        if (!format) continue;
        const oe = anchor && k === 0 ? anchor.oe : fillPattern(random.pick(format.patterns), random);
        numberRows.push({
          id: ++productNumberId,
          productId: id,
          kind: 'oe',
          brandName: format.brand,
          number: oe,
          numberKey: normalizePartNumber(oe),
        });
      }
      const others = brandsByType[typeIndex]!.filter((i) => i !== brandIndex);
      const otherCount = others.length === 0 ? 0 : random.weighted([0, 1, 2], [25, 40, 35]);
      for (const otherIndex of random.sample(others, otherCount)) {
        const other = BRANDS[otherIndex]!;
        const cross = fillPattern(random.pick(brandPatterns(other, type)), random);
        numberRows.push({
          id: ++productNumberId,
          productId: id,
          kind: 'brand',
          brandName: other.name,
          number: cross,
          numberKey: normalizePartNumber(cross),
        });
      }

      // Stock: most parts in Guangzhou, fewer abroad; some rows at zero.
      const storeIds: number[] = [];
      for (const store of STORES) {
        if (!(random.chance(store.share) || (store.id === 1 && storeIds.length === 0 && id % 2 === 0)))
          continue;
        const onHand = random.chance(0.14) ? 0 : random.skewed(1, 600, 2.5);
        const reserved =
          onHand === 0 ? 0 : Math.min(onHand, random.chance(0.7) ? 0 : random.skewed(1, 20, 2));
        stockRows.push({
          productId: id,
          storeId: store.id,
          stock: onHand,
          availableStock: onHand - reserved,
        });
        storeIds.push(store.id);
      }

      // Customer part numbers: each company has its own numbering scheme.
      if (random.chance(0.08)) {
        const my = `SZR-${type.code.slice(0, 3).toUpperCase()}${String(++demoMyCounter).padStart(5, '0')}`;
        myNumberRows.push({
          companyId: DEMO_IDS.demoCompany,
          productId: id,
          myNumber: my,
          myNumberKey: normalizePartNumber(my),
        });
        if (id <= poolSize) myNumbers.get(DEMO_IDS.demoCompany)!.set(id, my);
      }
      if (random.chance(0.06)) {
        const my = `YX${String(100_000 + ++partnerMyCounter)}`;
        myNumberRows.push({
          companyId: DEMO_IDS.partnerCompany,
          productId: id,
          myNumber: my,
          myNumberKey: normalizePartNumber(my),
        });
        if (id <= poolSize) myNumbers.get(DEMO_IDS.partnerCompany)!.set(id, my);
      }

      // A few negotiated prices: per company, and per price level (dealer).
      if (id <= poolSize) {
        for (const [companyId, level] of [
          [DEMO_IDS.demoCompany, 900],
          [DEMO_IDS.partnerCompany, 780],
        ] as const) {
          if (!random.chance(0.015)) continue;
          const cents = applyPerMille(priceCents, level - random.int(20, 80));
          priceRows.push({
            id: ++companyPriceId,
            productId: id,
            companyId,
            priceLevelId: null,
            price: centsToString(cents),
          });
          companyPriceCents.get(companyId)!.set(id, cents);
        }
        if (random.chance(0.005)) {
          priceRows.push({
            id: ++companyPriceId,
            productId: id,
            companyId: null,
            priceLevelId: 3,
            price: centsToString(applyPerMille(priceCents, 780)),
          });
        }
        pool.push({
          id,
          number,
          numberKey: key,
          names,
          brand: brand.name,
          unit: type.unit,
          priceCents,
          buyQty,
          makeNames,
          extendParam,
          storeIds,
        });
      }
    }

    await writer.insert(products, productRows);
    await writer.insert(productNumbers, numberRows);
    await writer.insert(customerPartNumbers, myNumberRows);
    await writer.insert(fitments, fitmentRows);
    await writer.insert(stock, stockRows);
    await writer.insert(companyPrices, priceRows);
    if (parts >= 50_000 && (chunkEnd % 50_000 === 0 || chunkEnd === parts)) {
      context.log(
        `demo data: ${chunkEnd.toLocaleString('en')} / ${parts.toLocaleString('en')} products (${elapsed(context)})`,
      );
    }
  }

  if (dropped.length > 0) {
    await writer.flush();
    context.log(`demo data: rebuilding ${dropped.length} indexes and foreign keys (${elapsed(context)})`);
    await context.tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    for (const definition of dropped) await context.tx.execute(sql.raw(definition));
    await context.tx.execute(sql`analyze products, product_numbers, customer_part_numbers, fitments, stock`);
  }
  context.log(
    `demo data: ${parts.toLocaleString('en')} products, ${vehicleData.rows.length} vehicles (${elapsed(context)})`,
  );
  return { pool, myNumbers, companyPriceCents };
}

/**
 * Drops the foreign keys of `tables` (their per-row checks dominate a bulk load); returns the
 * statements that add them back, which then validate every row in one join.
 */
async function dropForeignKeys(tx: Db, tables: readonly string[]): Promise<string[]> {
  const result = await tx.execute(sql`
    select c.conname as name, t.relname as "table", pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and c.contype = 'f'
      and t.relname in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})
    order by t.relname, c.conname`);
  const rows = rowsOf<{ name: string; table: string; definition: string }>(result);
  const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;
  for (const row of rows)
    await tx.execute(sql.raw(`alter table ${quote(row.table)} drop constraint ${quote(row.name)}`));
  return rows.map(
    (row) => `alter table ${quote(row.table)} add constraint ${quote(row.name)} ${row.definition}`,
  );
}

/** Drops the non-primary indexes of `tables`; returns their definitions for re-creation. */
async function dropSecondaryIndexes(tx: Db, tables: readonly string[]): Promise<string[]> {
  const result = await tx.execute(sql`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and not x.indisprimary
      and t.relname in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})
    order by i.relname`);
  const rows = rowsOf<{ name: string; definition: string }>(result);
  for (const row of rows) await tx.execute(sql.raw(`drop index "${row.name.replace(/"/g, '')}"`));
  return rows.map((row) => row.definition);
}

// ---------------------------------------------------------------------------------------------
// 12 months of orders, deliveries, sales bills, purchases, payments and the ledger

interface HistoryState {
  orderId: number;
  orderLineId: number;
  eventId: number;
  deliveryId: number;
  deliveryLineId: number;
  salesBillId: number;
  salesLineId: number;
  purchaseId: number;
  purchaseLineId: number;
  paymentId: number;
  ledgerId: number;
  providerRef: number;
}

const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
const docNo = (prefix: string, ms: number, id: number): string =>
  `${prefix}${ymd(ms)}${String(id).padStart(6, '0')}`;

async function writeHistory(context: Context, catalog: Catalogue, areaIndex: AreaIndex): Promise<void> {
  const { writer, now } = context;
  const random = createRandom(context.seed, 2);
  const buffers = {
    orders: new RowBuffer(writer, orders),
    orderLines: new RowBuffer(writer, orderLines),
    orderEvents: new RowBuffer(writer, orderEvents),
    deliveries: new RowBuffer(writer, deliveries),
    deliveryLines: new RowBuffer(writer, deliveryLines),
    salesBills: new RowBuffer(writer, salesBills),
    salesLines: new RowBuffer(writer, salesLines),
    purchases: new RowBuffer(writer, purchases),
    purchaseLines: new RowBuffer(writer, purchaseLines),
    payments: new RowBuffer(writer, payments),
    ledger: new RowBuffer(writer, ledgerEntries),
  };
  // All buffers drain together, parents first, so a line never reaches the database before
  // the header its foreign key points at.
  const drain = async (force = false): Promise<void> => {
    const buffered = Object.values(buffers);
    if (!force && buffered.every((buffer) => buffer.size < 5_000)) return;
    for (const buffer of buffered) await buffer.drain();
  };
  const state: HistoryState = {
    orderId: 0,
    orderLineId: 0,
    eventId: 0,
    deliveryId: 0,
    deliveryLineId: 0,
    salesBillId: 0,
    salesLineId: 0,
    purchaseId: 0,
    purchaseLineId: 0,
    paymentId: 0,
    ledgerId: 0,
    providerRef: 0,
  };
  // Like the catalogue: from setAsideIndexesFrom parts on, the history tables take their rows
  // without secondary indexes and foreign keys, which are built once at the end (a 10M-part
  // seed writes ~1.9M orders with their lines, bills and ledger; maintaining ~20 indexes row by
  // row made the history as long as the whole catalogue). Nothing in this phase reads them: the
  // bill-date triggers look up their header by primary key, which stays.
  const historyTables = Object.values(buffers).map((buffer) => getTableName(buffer.table));
  const dropped =
    context.parts >= context.setAsideIndexesFrom
      ? [
          ...(await dropForeignKeys(context.tx, historyTables)),
          ...(await dropSecondaryIndexes(context.tx, historyTables)),
        ]
      : [];
  const start = now - 365 * DAY;
  const months = 12;
  const monthLength = Math.floor((now - start) / months);
  const { pool } = catalog;

  for (const company of COMPANIES) {
    if (company.ordersPerMonth === 0) continue;
    const level = PRICE_LEVELS.find((l) => l.id === company.priceLevelId) ?? PRICE_LEVELS[0];
    const fixedPrices = catalog.companyPriceCents.get(company.id);
    const myNumbers = catalog.myNumbers.get(company.id);
    const userId =
      company.id === DEMO_IDS.demoCompany
        ? DEMO_IDS.users.demo
        : company.id === DEMO_IDS.partnerCompany
          ? DEMO_IDS.users.partner
          : null;
    const addressId = { 2: 1, 3: 4, 4: 6, 5: 7, 6: 8, 7: 9 }[company.id as 2 | 3 | 4 | 5 | 6 | 7];
    const consignee = {
      2: ['陈志强', 'China / Guangdong / Shenzhen', '13826541234', 'CN-GD-SZ'],
      3: ['黄建国', 'China / Guangdong / Guangzhou', '13600001234', 'CN-GD-GZ'],
      4: ['王磊', 'China / Beijing / Chaoyang District', '13501234567', 'CN-BJ-CY'],
      5: ['李娜', 'China / Sichuan / Chengdu', '18628001234', 'CN-SC-CD'],
      6: ['José Luis Garza', 'Mexico / Nuevo León / Monterrey', '+52 81 8123 4567', 'MX-NLE-MTY'],
      7: ['Antonio Ruiz', 'Spain / Valencia / Valencia (city)', '+34 612 345 678', 'ES-V-VLC'],
    }[company.id as 2 | 3 | 4 | 5 | 6 | 7];
    // Debts: debits with their due dates, credits as paid; payments settle what is due monthly.
    const debits: Array<{ due: number; cents: number }> = [];
    let creditedCents = 0;
    const addDebit = (date: number, cents: number, kind: string, refNo: string, remark: string): void => {
      const due = date + company.paymentDays * DAY;
      debits.push({ due, cents });
      buffers.ledger.push({
        id: ++state.ledgerId,
        companyId: company.id,
        date: new Date(date),
        kind,
        refNo,
        debit: centsToString(cents),
        credit: '0.00',
        dueDate: new Date(due),
        currency: 'CNY',
        remark,
        remarkKey: SEEDED_REMARK_KEYS[remark] ?? '',
      });
    };
    const addPayment = (
      date: number,
      amountCents: number,
      cutCents: number,
      method: string,
      orderId: number | null,
      remark: string,
    ): void => {
      const id = ++state.paymentId;
      const no = docNo('SK', date, id);
      const providerRef =
        method === 'wechat' || method === 'alipay'
          ? `${method === 'wechat' ? '4200' : '2025'}${String(++state.providerRef).padStart(12, '0')}${random.digits(8)}`
          : null;
      buffers.payments.push({
        id,
        accountId: ACCOUNT_ID,
        companyId: company.id,
        orderId,
        no,
        date: new Date(date),
        amount: centsToString(amountCents),
        cutmoney: centsToString(cutCents),
        currency: 'CNY',
        method,
        providerRef,
        remark,
        remarkKey: SEEDED_REMARK_KEYS[remark] ?? '',
        createdAt: new Date(date),
      });
      buffers.ledger.push({
        id: ++state.ledgerId,
        companyId: company.id,
        date: new Date(date),
        kind: 'payment',
        refNo: no,
        debit: '0.00',
        credit: centsToString(amountCents + cutCents),
        dueDate: null,
        currency: 'CNY',
        ...(cutCents > 0
          ? {
              remark: `cutmoney ${centsToString(cutCents)}`,
              remarkKey: 'paymentCutmoney',
              remarkParams: { amount: centsToString(cutCents) },
            }
          : { remark, remarkKey: SEEDED_REMARK_KEYS[remark] ?? '' }),
      });
      creditedCents += amountCents + cutCents;
    };

    if (company.paymentDays > 0) {
      addDebit(start, random.int(8_000, 30_000) * 100, 'opening', `OB${ymd(start)}`, 'Opening balance');
    }

    for (let month = 0; month < months; month++) {
      const monthStart = start + month * monthLength;
      const count = Math.max(
        0,
        Math.round(company.ordersPerMonth * context.historyScale * (0.75 + random.next() * 0.5)),
      );
      const dates = Array.from(
        { length: count },
        () =>
          monthStart + random.int(0, Math.floor(monthLength / DAY) - 1) * DAY + random.int(60, 600) * MINUTE,
      )
        .filter((d) => d < now - HOUR)
        .sort((a, b) => a - b);

      for (const billDate of dates) {
        const age = (now - billDate) / DAY;
        const finalState =
          age <= 3
            ? random.weighted(['pending_payment', 'submitted', 'confirmed', 'cancelled'], [40, 40, 15, 5])
            : age <= 14
              ? random.weighted(
                  ['submitted', 'confirmed', 'partially_delivered', 'delivered', 'cancelled'],
                  [5, 35, 35, 20, 5],
                )
              : random.weighted(['delivered', 'cancelled', 'partially_delivered'], [88, 7, 5]);
        const prepaid = random.chance(company.prepaidShare);
        // A prepaid order waits for payment; pending_payment is only reachable that way.
        const isPending = finalState === 'pending_payment';
        const paysOnline = prepaid || isPending;

        const orderId = ++state.orderId;
        const no = docNo('SO', billDate, orderId);
        const lineCount = random.skewed(1, 18, 1.8);
        const chosen = random.sample(pool, lineCount);
        let totalCents = 0;
        let totalQty = 0;
        let exportTotal = 0;
        const lines = chosen.map((product, index) => {
          const qty = product.buyQty > 0 ? product.buyQty * random.int(1, 5) : random.skewed(1, 40, 3);
          const priceCents =
            fixedPrices?.get(product.id) ?? applyPerMille(product.priceCents, level.perMille);
          const sumCents = priceCents * qty;
          totalCents += sumCents;
          totalQty += qty;
          const line = {
            id: ++state.orderLineId,
            seq: index + 1,
            product,
            qty,
            priceCents,
            sumCents,
            storeId: product.storeIds[0] ?? DEMO_IDS.stores.guangzhou,
            exportQty: 0,
          };
          return line;
        });

        // Delivery plan: which quantities ship in the first and second delivery.
        const twoDeliveries = finalState === 'delivered' && random.chance(0.2);
        const firstShare = finalState === 'partially_delivered' || twoDeliveries;
        const firstQty = lines.map((l) =>
          firstShare ? (random.chance(0.6) ? l.qty : random.int(0, l.qty - 1)) : l.qty,
        );
        if (firstShare && firstQty.every((q, i) => q === lines[i]!.qty))
          firstQty[0] = Math.max(0, (firstQty[0] ?? 1) - 1);
        if (firstShare && !firstQty.some((q) => q > 0)) firstQty[0] = 1;
        // An order of a single piece cannot be split; keep it whole and call it delivered.
        const shipments: number[][] = [];
        if (finalState === 'delivered' || finalState === 'partially_delivered') {
          if (firstShare && firstQty.some((q, i) => q < lines[i]!.qty) && firstQty.some((q) => q > 0))
            shipments.push(firstQty);
          if (finalState === 'delivered' || shipments.length === 0) {
            shipments.push(lines.map((l, i) => l.qty - (shipments[0]?.[i] ?? 0)));
          }
        }
        const effectiveState =
          finalState === 'partially_delivered' &&
          shipments.length === 1 &&
          shipments[0]!.every((q, i) => q === lines[i]!.qty)
            ? 'delivered'
            : finalState;

        // Event timeline.
        const events: Array<[string | null, string, number, string]> = [];
        let t = billDate;
        let paidAt: number | null = null;
        if (paysOnline) {
          events.push([null, 'pending_payment', t, '']);
          if (!isPending && effectiveState !== 'cancelled') {
            t += random.int(2, 90) * MINUTE;
            paidAt = Math.min(t, now - MINUTE);
            events.push(['pending_payment', 'submitted', paidAt, 'paid online']);
          }
        } else {
          events.push([null, 'submitted', t, '']);
        }
        if (effectiveState === 'cancelled') {
          events.push([
            events[events.length - 1]![1],
            'cancelled',
            Math.min(now - MINUTE, t + random.int(10, 600) * MINUTE),
            random.pick(['customer request', 'duplicate order', 'out of stock']),
          ]);
        } else if (!['pending_payment', 'submitted'].includes(effectiveState)) {
          t = Math.min(now - MINUTE, t + random.int(20, 240) * MINUTE);
          events.push(['submitted', 'confirmed', t, '']);
        }

        // Deliveries with their sales bills and ledger debits.
        let deliveryTime = t;
        shipments.forEach((quantities, shipmentIndex) => {
          deliveryTime = Math.min(
            now - 30 * MINUTE,
            deliveryTime + random.int(shipmentIndex === 0 ? 18 : 72, shipmentIndex === 0 ? 96 : 240) * HOUR,
          );
          const shipped = lines
            .map((l, i) => ({ line: l, qty: quantities[i] ?? 0 }))
            .filter((s) => s.qty > 0);
          if (shipped.length === 0) return;
          const deliveryId = ++state.deliveryId;
          const salesBillId = ++state.salesBillId;
          const [logisticsName, carrierId, logisticsNo] = ((): [string, number, string] => {
            const carrier = random.weighted(LOGISTICS, LOGISTICS_WEIGHTS);
            return [carrier[0], carrier[1], carrier[2](random)];
          })();
          let amount = 0;
          let qtySum = 0;
          shipped.forEach(({ line, qty }, index) => {
            const sum = line.priceCents * qty;
            amount += sum;
            qtySum += qty;
            line.exportQty += qty;
            buffers.deliveryLines.push({
              id: ++state.deliveryLineId,
              deliveryId,
              orderLineId: line.id,
              orderId,
              productId: line.product.id,
              number: line.product.number,
              partName: line.product.names[company.language],
              factory: line.product.brand,
              qty,
              price: centsToString(line.priceCents),
              sum: centsToString(sum),
            });
            buffers.salesLines.push({
              id: ++state.salesLineId,
              salesBillId,
              companyId: company.id,
              seq: index + 1,
              productId: line.product.id,
              number: line.product.number,
              numberKey: line.product.numberKey,
              partName: line.product.names[company.language],
              factory: line.product.brand,
              unit: line.product.unit,
              qty,
              exportQty: qty,
              price: centsToString(line.priceCents),
              sum: centsToString(sum),
              remark: '',
            });
          });
          exportTotal += qtySum;
          const deliveryNo = docNo('FH', deliveryTime, deliveryId);
          const salesNo = docNo('XS', deliveryTime, salesBillId);
          const ageDays = (now - deliveryTime) / DAY;
          buffers.deliveries.push({
            id: deliveryId,
            accountId: ACCOUNT_ID,
            companyId: company.id,
            no: deliveryNo,
            date: new Date(deliveryTime),
            count: shipped.length,
            totalQty: qtySum,
            amount: centsToString(amount),
            currency: 'CNY',
            remark: no,
            logisticsName,
            logisticsNo,
            carrierId,
          });
          buffers.salesBills.push({
            id: salesBillId,
            accountId: ACCOUNT_ID,
            companyId: company.id,
            no: salesNo,
            billDate: new Date(deliveryTime),
            fromSystem: 'erp',
            state: 'audited',
            currency: 'CNY',
            amount: centsToString(amount),
            totalQty: qtySum,
            exportRate: scaledToString(
              Math.floor((qtySum * 10_000 + Math.floor(totalQty / 2)) / totalQty),
              2,
            ),
            remark: no,
            extendParam: '',
            cargoState: ageDays > 7 ? 'signed' : ageDays > 2 ? 'in_transit' : 'shipped',
            logisticsName,
            logisticsNo,
            carrierId,
            orderId,
          });
          addDebit(deliveryTime, amount, 'sale', salesNo, no);
          const delivered = shipmentIndex === shipments.length - 1 && effectiveState === 'delivered';
          events.push([
            events[events.length - 1]![1],
            delivered ? 'delivered' : 'partially_delivered',
            deliveryTime,
            deliveryNo,
          ]);
        });

        const freightCents = totalCents >= 200_000 || random.chance(0.7) ? 0 : random.int(15, 80) * 100;
        if (freightCents > 0 && shipments.length > 0)
          addDebit(deliveryTime, freightCents, 'adjustment', no, 'Freight');
        if (paidAt !== null) {
          addPayment(paidAt, totalCents + freightCents, 0, random.pick(['wechat', 'alipay']), orderId, no);
        }

        buffers.orders.push({
          id: orderId,
          accountId: ACCOUNT_ID,
          companyId: company.id,
          userId,
          no,
          billDate: new Date(billDate),
          fromSystem: random.weighted(['web', 'import', 'erp'], [70, 15, 15]),
          state: effectiveState,
          currency: 'CNY',
          amount: centsToString(totalCents),
          freight: centsToString(freightCents),
          totalQty,
          exportQty: exportTotal,
          remark: random.chance(0.15)
            ? random.pick([
                '请尽快发货',
                '周六不收货',
                'Factura con IVA',
                'Please pack separately',
                '需要增值税专用发票',
              ])
            : '',
          extendParam: '',
          addressId: addressId ?? null,
          consignee: consignee?.[0] ?? '',
          destination: consignee?.[1] ?? '',
          // The path above is the area's, so readers see it in their language (decision 011).
          destinationAreaId: consignee?.[3] ? (areaIndex.byCode.get(consignee[3])?.id ?? null) : null,
          phone: consignee?.[2] ?? '',
          paidAt: paidAt === null ? null : new Date(paidAt),
          idempotencyKey: null,
          requestHash: null,
          createdAt: new Date(billDate),
        });
        for (const line of lines) {
          buffers.orderLines.push({
            id: line.id,
            orderId,
            companyId: company.id,
            seq: line.seq,
            productId: line.product.id,
            storeId: line.storeId,
            number: line.product.number,
            numberKey: line.product.numberKey,
            partName: line.product.names[company.language],
            factory: line.product.brand,
            myNumber: myNumbers?.get(line.product.id) ?? '',
            unit: line.product.unit,
            makeNames: line.product.makeNames,
            extendParam: line.product.extendParam,
            qty: line.qty,
            exportQty: line.exportQty,
            price: centsToString(line.priceCents),
            taxPrice: centsToString(applyPerMille(line.priceCents, VAT_PER_MILLE)),
            sum: centsToString(line.sumCents),
            priceDesc: fixedPrices?.has(line.product.id)
              ? 'contract price'
              : `${level.name} ${scaledToString(level.perMille / 10, 2)}`,
            clientRemark: random.chance(0.05) ? '急用' : '',
            remark: '',
          });
        }
        for (const [fromState, toState, at, note] of events) {
          buffers.orderEvents.push({
            id: ++state.eventId,
            orderId,
            fromState,
            toState,
            userId: fromState === null ? userId : null,
            note,
            noteKey: SEEDED_NOTE_KEYS[note] ?? '',
            createdAt: new Date(at),
          });
        }
        await drain();
      }

      // Monthly settlement a week after the month closes: pay what is due, sometimes a bit less.
      const payDate = monthStart + monthLength + 7 * DAY + random.int(60, 480) * MINUTE;
      if (payDate < now && company.paymentDays > 0) {
        let dueCents = 0;
        for (const debit of debits) if (debit.due <= payDate) dueCents += debit.cents;
        const outstanding = dueCents - creditedCents;
        if (outstanding > 0) {
          const paying = random.chance(0.8)
            ? outstanding
            : Math.floor((outstanding * random.int(60, 95)) / 100);
          // Round down to whole yuan and forgive the odd cents and small change (cutmoney).
          const cut = paying === outstanding && paying % 10_000 < 2_000 ? paying % 10_000 : paying % 100;
          addPayment(
            payDate,
            paying - cut,
            cut,
            random.weighted(['bank', 'alipay', 'wechat'], [80, 12, 8]),
            null,
            'Monthly settlement',
          );
        }
      }
    }
    await drain();
    if (context.historyScale > 1)
      context.log(
        `demo data: history of ${company.sortName}, ${state.orderId.toLocaleString('en')} orders so far (${elapsed(context)})`,
      );
  }

  await writePurchases(context, catalog, buffers, state, random, drain);
  await writeCart(context, catalog, random);
  await drain(true);
  if (dropped.length > 0) {
    await context.writer.flush();
    context.log(
      `demo data: rebuilding ${dropped.length} history indexes and foreign keys (${elapsed(context)})`,
    );
    await context.tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    for (const definition of dropped) await context.tx.execute(sql.raw(definition));
    await context.tx.execute(sql.raw(`analyze ${historyTables.join(', ')}`));
  }
  context.log(
    `demo data: ${state.orderId} orders, ${state.orderLineId} order lines, ${state.salesBillId} sales bills, ${state.purchaseId} purchases, ${state.paymentId} payments (${elapsed(context)})`,
  );
}

async function writePurchases(
  context: Context,
  catalog: Catalogue,
  buffers: { purchases: RowBuffer<typeof purchases>; purchaseLines: RowBuffer<typeof purchaseLines> },
  state: HistoryState,
  random: Random,
  drain: () => Promise<void>,
): Promise<void> {
  const { now } = context;
  const start = now - 365 * DAY;
  const lastPrice = new Map<number, number>();
  for (const supplier of COMPANIES) {
    if (!supplier.isSupplier || supplier.purchasesPerMonth === 0) continue;
    const count = Math.round(supplier.purchasesPerMonth * 12 * context.historyScale);
    const dates = Array.from(
      { length: count },
      () => start + Math.floor(random.next() * (now - start - DAY)),
    ).sort((a, b) => a - b);
    for (const billDate of dates) {
      const id = ++state.purchaseId;
      const age = (now - billDate) / DAY;
      const purchaseState =
        age > 30
          ? random.weighted(['received', 'cancelled', 'partially_received'], [90, 5, 5])
          : age > 7
            ? random.weighted(['received', 'partially_received', 'ordered'], [50, 30, 20])
            : random.weighted(['ordered', 'draft'], [80, 20]);
      let amount = 0;
      const chosen = random.sample(catalog.pool, random.int(2, 15));
      chosen.forEach((product, index) => {
        const qty = random.int(1, 20) * 10;
        const priceCents = applyPerMille(product.priceCents, random.int(500, 600));
        const sum = priceCents * qty;
        amount += sum;
        const received =
          purchaseState === 'received'
            ? qty
            : purchaseState === 'partially_received'
              ? random.int(0, qty)
              : 0;
        const previous = lastPrice.get(product.id);
        lastPrice.set(product.id, priceCents);
        buffers.purchaseLines.push({
          id: ++state.purchaseLineId,
          purchaseId: id,
          supplierCompanyId: supplier.id,
          seq: index + 1,
          productId: product.id,
          number: product.number,
          numberKey: product.numberKey,
          partName: product.names[0],
          factory: product.brand,
          unit: product.unit,
          qty,
          receivedQty: received,
          price: centsToString(priceCents),
          lastPrice: previous === undefined ? null : centsToString(previous),
          sum: centsToString(sum),
          storeQty: random.skewed(0, 300, 2),
          remark: '',
        });
      });
      buffers.purchases.push({
        id,
        accountId: ACCOUNT_ID,
        supplierCompanyId: supplier.id,
        no: docNo('CG', billDate, id),
        billDate: new Date(billDate),
        state: purchaseState,
        currency: 'CNY',
        amount: centsToString(amount),
        salesManName: random.pick(PURCHASERS),
        requireDate: new Date(billDate + random.int(7, 30) * DAY),
        remark: random.chance(0.1) ? '含税价 / VAT included' : '',
      });
      await drain();
    }
  }
}

async function writeCart(context: Context, catalog: Catalogue, random: Random): Promise<void> {
  const rows: InferInsertModel<typeof cartItems>[] = [];
  const stocked = catalog.pool.filter((p) => p.storeIds.length > 0);
  for (const [companyId, userId, count] of [
    [DEMO_IDS.demoCompany, DEMO_IDS.users.demo, 6],
    [DEMO_IDS.partnerCompany, DEMO_IDS.users.partner, 2],
  ] as const) {
    for (const product of random.sample(stocked, count)) {
      const at = new Date(context.now - random.int(10, 600) * MINUTE);
      rows.push({
        id: rows.length + 1,
        companyId,
        userId,
        productId: product.id,
        storeId: product.storeIds[0] ?? null,
        qty: product.buyQty > 0 ? product.buyQty : random.int(1, 10),
        remark: '',
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  await context.writer.insert(cartItems, rows);
}

/** Explicit ids were written, so every serial sequence continues after the highest id. */
async function resetSequences(tx: Db): Promise<void> {
  const tables: PgTable[] = [
    accounts,
    priceLevels,
    companies,
    users,
    staff,
    brands,
    partTypes,
    products,
    productNumbers,
    vehicles,
    stores,
    companyPrices,
    areas,
    addresses,
    cartItems,
    freightCarriers,
    freightRates,
    orders,
    orderLines,
    orderEvents,
    deliveries,
    deliveryLines,
    salesBills,
    salesLines,
    purchases,
    purchaseLines,
    payments,
    ledgerEntries,
    notices,
  ];
  for (const table of tables) {
    const name = getTableName(table);
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`,
      ),
    );
  }
}
