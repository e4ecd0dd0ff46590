import { containsPattern } from '../../db/like-patterns';
import type { Language } from '@partsportal/contract/codes';
import type { InventoryRow } from '@partsportal/contract/inventory';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { companies, priceLevels } from '../../db/schema/accounts';
import {
  brands,
  companyPrices,
  partTypes,
  productFiles,
  productNumbers,
  products,
  stock,
  stores,
} from '../../db/schema/catalog';

const nameColumn = (language: Language) =>
  sql.raw(language === 'zh' ? 'name_zh' : language === 'es' ? 'name_es' : 'name_en');

/** A list row before the search's match is added (decision 009: the contract's names). */
export type InventoryHydration = Omit<InventoryRow, 'match' | 'stock' | 'available_stock'>;

/** The product fields the back office edits, as the table holds them. */
export type ProductEditable = Pick<
  typeof products.$inferSelect,
  | 'number'
  | 'numberKey'
  | 'brandId'
  | 'nameZh'
  | 'nameEn'
  | 'nameEs'
  | 'partTypeId'
  | 'remark'
  | 'unit'
  | 'weight'
  | 'buyQty'
  | 'price'
  | 'isNew'
  | 'proParams'
  | 'isActive'
  | 'images'
  | 'files'
>;

/**
 * The back office's reads and writes of products, cross numbers, stock and prices (issue 14
 * item 4). Every query is scoped by the staff member's account; the search itself is the
 * catalogue's (catalog.repository.ts), this only hydrates its hits for staff.
 */
export function createInventoryRepository(db: Db) {
  const editable = {
    id: products.id,
    number: products.number,
    numberKey: products.numberKey,
    brandId: products.brandId,
    nameZh: products.nameZh,
    nameEn: products.nameEn,
    nameEs: products.nameEs,
    partTypeId: products.partTypeId,
    remark: products.remark,
    unit: products.unit,
    weight: products.weight,
    buyQty: products.buyQty,
    price: products.price,
    isNew: products.isNew,
    proParams: products.proParams,
    isActive: products.isActive,
    images: products.images,
    files: products.files,
  };

  return {
    /** List rows for search hits: list price and every store of the account (0 without a row). */
    async rows(ids: readonly number[], accountId: number, language: Language) {
      if (ids.length === 0) return [];
      const name = nameColumn(language);
      return queryRows<InventoryHydration>(
        db,
        sql`
        select p.id, p.number, b.name as brand, p.brand_id, p.${name} as part_name,
          coalesce(pt.${name}, '') as part_type, p.unit, round(p.price, 2)::text as price,
          p.is_active, p.is_new,
          (select coalesce(json_agg(json_build_object('store_id', st.id, 'store_name', st.name,
              'stock', coalesce(s.stock, 0), 'available_stock', coalesce(s.available_stock, 0)) order by st.id), '[]'::json)
            from stores st left join stock s on s.store_id = st.id and s.product_id = p.id
            where st.account_id = p.account_id) as stores
        from products p
        join brands b on b.id = p.brand_id
        left join part_types pt on pt.id = p.part_type_id
        where p.account_id = ${accountId} and p.id = any(${`{${ids.join(',')}}`}::int[])`,
      );
    },

    async product(accountId: number, id: number) {
      const [row] = await db
        .select({ ...editable, brand: brands.name })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(and(eq(products.accountId, accountId), eq(products.id, id)));
      return row;
    },

    /** The product row, locked for the rest of the transaction (every write to a product starts here). */
    async lockProduct(
      accountId: number,
      id: number,
    ): Promise<(ProductEditable & { id: number }) | undefined> {
      const [row] = await db
        .select(editable)
        .from(products)
        .where(and(eq(products.accountId, accountId), eq(products.id, id)))
        .for('update');
      return row;
    },

    /** Stores an uploaded file's bytes under the path the product's list will name. */
    async putFile(file: {
      path: string;
      accountId: number;
      productId: number;
      contentType: string;
      sha256: string;
      data: Buffer;
    }) {
      await db.insert(productFiles).values({ ...file, byteSize: file.data.length });
    },

    async deleteFile(accountId: number, path: string) {
      await db
        .delete(productFiles)
        .where(and(eq(productFiles.accountId, accountId), eq(productFiles.path, path)));
    },

    /** A stored file of the account, or undefined (then the caller looks in PRODUCT_FILES_DIR). */
    async fileContent(accountId: number, path: string) {
      const [row] = await db
        .select({ contentType: productFiles.contentType, data: productFiles.data })
        .from(productFiles)
        .where(and(eq(productFiles.accountId, accountId), eq(productFiles.path, path)));
      return row;
    },

    async updateProduct(id: number, fields: Partial<ProductEditable>) {
      if (Object.keys(fields).length === 0) return;
      await db.update(products).set(fields).where(eq(products.id, id));
    },

    /** Another product of the account with this brand and number key (the unique index's pair). */
    async numberTaken(accountId: number, numberKey: string, brandId: number, exceptId: number) {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.accountId, accountId),
            eq(products.numberKey, numberKey),
            eq(products.brandId, brandId),
            ne(products.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async brandExists(accountId: number, id: number) {
      const [row] = await db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.accountId, accountId), eq(brands.id, id)));
      return row !== undefined;
    },

    async partTypeExists(accountId: number, id: number) {
      const [row] = await db
        .select({ id: partTypes.id })
        .from(partTypes)
        .where(and(eq(partTypes.accountId, accountId), eq(partTypes.id, id)));
      return row !== undefined;
    },

    async fitmentCount(productId: number) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from fitments where product_id = ${productId}`,
      );
      return row?.n ?? 0;
    },

    async numbers(productId: number) {
      return db
        .select({
          id: productNumbers.id,
          kind: productNumbers.kind,
          brandName: productNumbers.brandName,
          number: productNumbers.number,
          numberKey: productNumbers.numberKey,
        })
        .from(productNumbers)
        .where(eq(productNumbers.productId, productId))
        .orderBy(sql`case ${productNumbers.kind} when 'oe' then 0 else 1 end`, asc(productNumbers.id));
    },

    async insertNumber(input: typeof productNumbers.$inferInsert) {
      const [row] = await db.insert(productNumbers).values(input).returning({ id: productNumbers.id });
      return row!.id;
    },

    async deleteNumber(productId: number, id: number) {
      const [row] = await db
        .delete(productNumbers)
        .where(and(eq(productNumbers.productId, productId), eq(productNumbers.id, id)))
        .returning({
          kind: productNumbers.kind,
          brandName: productNumbers.brandName,
          number: productNumbers.number,
        });
      return row;
    },

    /** Every store of the account with the product's quantities (0 where it has no row). */
    async stockOf(accountId: number, productId: number) {
      return db
        .select({
          store_id: stores.id,
          store_name: stores.name,
          store_active: stores.isActive,
          stock: sql<number>`coalesce(${stock.stock}, 0)`.mapWith(Number),
          available_stock: sql<number>`coalesce(${stock.availableStock}, 0)`.mapWith(Number),
        })
        .from(stores)
        .leftJoin(stock, and(eq(stock.storeId, stores.id), eq(stock.productId, productId)))
        .where(eq(stores.accountId, accountId))
        .orderBy(asc(stores.id));
    },

    async store(accountId: number, id: number) {
      const [row] = await db
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(and(eq(stores.accountId, accountId), eq(stores.id, id)));
      return row;
    },

    async lockStock(productId: number, storeId: number) {
      const [row] = await db
        .select({ stock: stock.stock, availableStock: stock.availableStock })
        .from(stock)
        .where(and(eq(stock.productId, productId), eq(stock.storeId, storeId)))
        .for('update');
      return row;
    },

    async putStock(input: { productId: number; storeId: number; stock: number; availableStock: number }) {
      await db
        .insert(stock)
        .values(input)
        .onConflictDoUpdate({
          target: [stock.productId, stock.storeId],
          set: { stock: input.stock, availableStock: input.availableStock },
        });
    },

    async priceLevels(accountId: number) {
      return queryRows<{ id: number; name: string; factor: string; companies: number }>(
        db,
        sql`
        select l.id, l.name, l.factor::text as factor,
          (select count(*)::int from companies c where c.price_level_id = l.id) as companies
        from price_levels l where l.account_id = ${accountId} order by l.id`,
      );
    },

    async insertPriceLevel(input: { accountId: number; name: string; factor: string }) {
      const [row] = await db.insert(priceLevels).values(input).returning({ id: priceLevels.id });
      return row!.id;
    },

    async lockPriceLevel(accountId: number, id: number) {
      const [row] = await db
        .select({ id: priceLevels.id, name: priceLevels.name, factor: priceLevels.factor })
        .from(priceLevels)
        .where(and(eq(priceLevels.accountId, accountId), eq(priceLevels.id, id)))
        .for('update');
      return row;
    },

    async updatePriceLevel(id: number, fields: { name?: string; factor?: string }) {
      if (Object.keys(fields).length === 0) return;
      await db.update(priceLevels).set(fields).where(eq(priceLevels.id, id));
    },

    async company(accountId: number, id: number) {
      const [row] = await db
        .select({ id: companies.id, name: companies.name, currency: companies.currency })
        .from(companies)
        .where(and(eq(companies.accountId, accountId), eq(companies.id, id)));
      return row;
    },

    async findCompanies(accountId: number, keyword: string) {
      return queryRows<{ id: number; name: string; currency: string; price_level: string }>(
        db,
        sql`
        select c.id, c.name, c.currency, coalesce(l.name, '') as price_level
        from companies c left join price_levels l on l.id = c.price_level_id
        where c.account_id = ${accountId} and c.is_customer
          ${keyword ? sql`and (c.name ilike ${containsPattern(keyword)} or c.sort_name ilike ${containsPattern(keyword)})` : sql``}
        order by c.name, c.id limit 50`,
      );
    },

    /** A company's fixed prices for a product (the table allows several; the catalogue reads one). */
    async lockCompanyPrices(productId: number, companyId: number) {
      return db
        .select({ id: companyPrices.id, price: companyPrices.price })
        .from(companyPrices)
        .where(and(eq(companyPrices.productId, productId), eq(companyPrices.companyId, companyId)))
        .orderBy(asc(companyPrices.id))
        .for('update');
    },

    async insertCompanyPrice(input: { productId: number; companyId: number; price: string }) {
      const [row] = await db.insert(companyPrices).values(input).returning({ id: companyPrices.id });
      return row!.id;
    },

    async updateCompanyPrice(id: number, price: string) {
      await db.update(companyPrices).set({ price }).where(eq(companyPrices.id, id));
    },

    async deleteCompanyPrices(ids: number[]) {
      if (ids.length === 0) return;
      await db.delete(companyPrices).where(sql`${companyPrices.id} = any(${`{${ids.join(',')}}`}::int[])`);
    },

    /** A company price of the account, locked (through its product). */
    async lockCompanyPrice(accountId: number, id: number) {
      const [row] = await db
        .select({
          id: companyPrices.id,
          productId: companyPrices.productId,
          companyId: companyPrices.companyId,
          price: companyPrices.price,
        })
        .from(companyPrices)
        .innerJoin(products, eq(products.id, companyPrices.productId))
        .where(and(eq(products.accountId, accountId), eq(companyPrices.id, id)))
        .for('update', { of: companyPrices });
      return row;
    },

    async companyPrices(
      filter: { accountId: number; productId?: number | undefined; companyId?: number | undefined },
      page: { offset: number; limit: number },
      language: Language,
    ) {
      const name = nameColumn(language);
      const where = sql`p.account_id = ${filter.accountId} and cp.company_id is not null
        ${filter.productId ? sql`and cp.product_id = ${filter.productId}` : sql``}
        ${filter.companyId ? sql`and cp.company_id = ${filter.companyId}` : sql``}`;
      return queryRows<{
        id: number;
        product_id: number;
        number: string;
        brand: string;
        part_name: string;
        company_id: number;
        company_name: string;
        currency: string;
        price: string;
        list_price: string;
        total: number;
      }>(
        db,
        sql`
        select cp.id, cp.product_id, p.number, b.name as brand, p.${name} as part_name,
          cp.company_id, c.name as company_name, c.currency,
          round(cp.price, 2)::text as price, round(p.price, 2)::text as list_price,
          (count(*) over ())::int as total
        from company_prices cp
        join products p on p.id = cp.product_id
        join brands b on b.id = p.brand_id
        join companies c on c.id = cp.company_id
        where ${where}
        order by c.name, p.number_key, cp.id
        limit ${page.limit} offset ${page.offset}`,
      );
    },

    async options(accountId: number, language: Language) {
      const name = nameColumn(language);
      const [brandRows, partTypeRows, storeRows, levelRows] = await Promise.all([
        db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(eq(brands.accountId, accountId))
          .orderBy(asc(brands.name)),
        queryRows<{ id: number; name: string }>(
          db,
          sql`select id, ${name} as name from part_types where account_id = ${accountId} order by 2, id`,
        ),
        db
          .select({ id: stores.id, name: stores.name, is_active: stores.isActive })
          .from(stores)
          .where(eq(stores.accountId, accountId))
          .orderBy(asc(stores.id)),
        queryRows<{ id: number; name: string; factor: string }>(
          db,
          sql`select id, name, factor::text as factor from price_levels where account_id = ${accountId} order by id`,
        ),
      ]);
      return { brands: brandRows, part_types: partTypeRows, stores: storeRows, price_levels: levelRows };
    },
  };
}

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
