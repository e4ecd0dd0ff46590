import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, companies, priceLevels } from './accounts';
import { at, bytea, createdAt, money } from './columns';
import { namesColumn } from './names';

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  /** Spec `factory`: the brand behind a number. */
  name: text('name').notNull(),
  country: text('country'),
});

export const partTypes = pgTable('part_types', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  code: text('code').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  nameEs: text('name_es').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Our part number as printed. */
    number: text('number').notNull(),
    /** normalizePartNumber(number): upper case, letters and digits only. */
    numberKey: text('number_key').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    partTypeId: integer('part_type_id').references(() => partTypes.id),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    nameEs: text('name_es').notNull(),
    remark: text('remark').notNull().default(''),
    unit: text('unit').notNull().default('PCS'),
    weight: money('weight'),
    /** m³, spelled as the spec spells it. */
    volumn: money('volumn'),
    /** List price; a company's price comes from its price level or a company price. */
    price: money('price').notNull(),
    /** Order multiple; 0 = any quantity. */
    buyQty: integer('buy_qty').notNull().default(0),
    makeNames: text('make_names').notNull().default(''),
    modelDisplays: text('model_displays').notNull().default(''),
    noteModel: text('note_model').notNull().default(''),
    ypModel: text('yp_model').notNull().default(''),
    ypAaiaModel: text('yp_aaia_model').notNull().default(''),
    proParams: jsonb('pro_params').$type<Array<{ name: string; value: string }>>().notNull().default([]),
    extendParam: text('extend_param').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    files: jsonb('files').$type<Array<{ name: string; path: string }>>().notNull().default([]),
    isNew: boolean('is_new').notNull().default(false),
    marketTime: at('market_time'),
    /** Monthly order quantity, kept up to date by a job (spec `salecount`). */
    saleCount: integer('sale_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The import core's hash of the last batch row it applied to this product (decision 028):
     * the same row again is `unchanged` without diffing. Triggers forget it (null) whenever
     * anything else changes the product, its cross numbers or its fitments.
     */
    contentHash: text('content_hash'),
    createdAt: createdAt(),
    /** Lower-cased names in all languages, for word search through a trigram index. */
    nameSearch: text('name_search').generatedAlwaysAs(
      sql`lower(name_zh || ' ' || name_en || ' ' || name_es || ' ' || number)`,
    ),
  },
  (t) => [
    index('products_name_search_trgm_idx').using('gin', sql`${t.nameSearch} gin_trgm_ops`),
    index('products_number_key_prefix_idx').using('btree', sql`${t.numberKey} text_pattern_ops`),
    index('products_number_key_trgm_idx').using('gin', sql`${t.numberKey} gin_trgm_ops`),
    index('products_brand_idx').on(t.brandId),
    index('products_part_type_idx').on(t.partTypeId),
    uniqueIndex('products_account_number_brand_uq').on(t.accountId, t.numberKey, t.brandId),
    // The triggers that forget hashes look products up here: empty (free) until an import runs.
    index('products_content_hash_set_idx')
      .on(t.id)
      .where(sql`content_hash is not null`),
  ],
);

/** Cross-reference numbers: OE numbers and other brands' numbers (spec contrastNumber). */
export const productNumbers = pgTable(
  'product_numbers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 'oe' (vehicle maker number) or 'brand' (another aftermarket brand's number). */
    kind: text('kind').notNull(),
    brandName: text('brand_name').notNull(),
    number: text('number').notNull(),
    numberKey: text('number_key').notNull(),
  },
  (t) => [
    index('product_numbers_key_prefix_idx').using('btree', sql`${t.numberKey} text_pattern_ops`),
    index('product_numbers_key_trgm_idx').using('gin', sql`${t.numberKey} gin_trgm_ops`),
    index('product_numbers_product_idx').on(t.productId),
  ],
);

/** The customer's own number for a product (spec my_number), per company. */
export const customerPartNumbers = pgTable(
  'customer_part_numbers',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    myNumber: text('my_number').notNull(),
    myNumberKey: text('my_number_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.productId] }),
    index('customer_part_numbers_key_idx').using(
      'btree',
      t.companyId,
      sql`${t.myNumberKey} text_pattern_ops`,
    ),
  ],
);

/** Vehicle classification of spec §3 (m1 make → m2 model → m3 type with engine data). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    m1Name: text('m1_name').notNull(),
    m2Name: text('m2_name').notNull(),
    m3Name: text('m3_name').notNull(),
    m3Kw: integer('m3_kw'),
    m3Cc: integer('m3_cc'),
    m3Engine: text('m3_engine').notNull().default(''),
    plTransmission: text('pl_transmission').notNull().default(''),
    plFuel: text('pl_fuel').notNull().default(''),
    plBody: text('pl_body').notNull().default(''),
    plFrontBrake: text('pl_front_brake').notNull().default(''),
    plRearBrake: text('pl_rear_brake').notNull().default(''),
    plParkingBrake: text('pl_parking_brake').notNull().default(''),
    plDrive: text('pl_drive').notNull().default(''),
    /** Years of production as printed, e.g. "2012-2018". */
    m3Year: text('m3_year').notNull().default(''),
    yearFrom: integer('year_from'),
    yearTo: integer('year_to'),
  },
  (t) => [index('vehicles_make_model_idx').on(t.accountId, t.m1Name, t.m2Name)],
);

export const fitments = pgTable(
  'fitments',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.vehicleId] }),
    index('fitments_vehicle_idx').on(t.vehicleId, t.productId),
  ],
);

export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  /** Spec store_name, as written; `names` holds it per language (decision 011). */
  name: text('name').notNull(),
  names: namesColumn(),
  /** Level-2 area (country) the store ships from; used by freight. */
  areaId: integer('area_id'),
  isActive: boolean('is_active').notNull().default(true),
});

export const stock = pgTable(
  'stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    /** On hand. */
    stock: integer('stock').notNull().default(0),
    /** On hand minus reserved by unshipped orders; never negative. */
    availableStock: integer('available_stock').notNull().default(0),
    /**
     * When the sender counted this quantity (the ERP's `as_of`; a file import or a hand edit: the
     * time of writing). An update counted earlier than this one is ignored, so a late, older
     * update never overwrites a newer one (issue 13 item 3). Null: written before this column.
     */
    asOf: at('as_of'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.storeId] }),
    check('stock_available_nonnegative', sql`${t.availableStock} >= 0`),
    check('stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

/** A fixed price for one company (or one price level) that overrides the level factor. */
export const companyPrices = pgTable(
  'company_prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id),
    priceLevelId: integer('price_level_id').references(() => priceLevels.id),
    price: money('price').notNull(),
  },
  (t) => [
    index('company_prices_product_company_idx').on(t.productId, t.companyId),
    check('company_prices_target', sql`(${t.companyId} is not null) <> (${t.priceLevelId} is not null)`),
  ],
);

/**
 * Words that recur in many rows and are written once per row in one language — units (`PCS`),
 * parameter names and values of `products.pro_params`, vehicle-classification words (`Diesel`,
 * `Disc`) — translated once here instead of on every row (decision 011). A row keeps the word as
 * written; the reader sees `names[Lng]` of the term with that kind and text, else the word itself.
 * Shared by every account like the areas: a vocabulary, not customer data.
 */
export const termNames = pgTable(
  'term_names',
  {
    /** 'unit', 'param' (a parameter name), 'param_value' or 'vehicle' (TERM_KINDS). */
    kind: text('kind').notNull(),
    /** The word as rows carry it. */
    term: text('term').notNull(),
    names: namesColumn(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.term] })],
);

/**
 * Pictures and PDF attachments uploaded in the back office, kept in the database so that every
 * server process serves them and a backup holds them (issue 16 item 1). `path` is what the
 * product's `images`/`files` list names (`pictures/<product>/<uuid>.jpg`); files listed before
 * this table existed are still read from PRODUCT_FILES_DIR.
 */
export const productFiles = pgTable(
  'product_files',
  {
    path: text('path').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_files_product_idx').on(t.productId)],
);
