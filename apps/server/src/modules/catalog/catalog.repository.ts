import {
  VEHICLE_CLASSIFICATION_FIELDS,
  type catalogFiltersSchema,
  type ProductDetail,
  type ProductRow,
  type VehicleClassification,
} from '@partsportal/contract/catalog';
import type { Language } from '@partsportal/contract/codes';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Db } from '../../db/client';
import { localizedName, termIn } from '../../db/localized-names';

/**
 * A row of productRows (decision 009: fields picked from the contract's product row and detail,
 * under the contract's names). Where the statement answers differently from the contract the
 * field is spelled out: the service fills the gaps (part_type, my_number → '') and converts
 * market_time (a bigint: pg answers text, PGlite a number).
 */
export type ProductHydration = Pick<
  ProductRow,
  | 'id'
  | 'number'
  | 'part_name'
  | 'factory'
  | 'brand_id'
  | 'make_names'
  | 'model_displays'
  | 'unit'
  | 'weight'
  | 'volumn'
  | 'buy_qty'
  | 'salecount'
  | 'is_new'
  | 'price'
  | 'currency'
  | 'last_price'
  | 'last_qty'
  | 'stores'
> &
  Pick<
    ProductDetail,
    | 'remark'
    | 'pro_params'
    | 'extend_param'
    | 'note_model'
    | 'yp_model'
    | 'yp_aaia_model'
    | 'images'
    | 'files'
  > & {
    part_type: string | null;
    my_number: string | null;
    market_time: string | number | null;
    /** `unit` is in the reader's language; a record line keeps the unit as written. */
    unit_as_written: string;
    /** The contract's contrastNumber. */
    numbers: ProductRow['contrastNumber'];
  };

/** A brand, part type or store of the filters (the contract's catalogFiltersSchema item). */
type FilterOption = z.infer<typeof catalogFiltersSchema>['brands'][number];

/**
 * The contract's vehicle classification, column for column (`v` is the vehicles alias). The `pl_`
 * values are words (Diesel, Disc, Sedan) and come in the reader's language through term_names;
 * makes, models and engines are proper names and stay as written (decision 011).
 */
const vehicleFields = (language: Language) =>
  sql.join(
    VEHICLE_CLASSIFICATION_FIELDS.map((field) =>
      field.startsWith('pl_')
        ? sql`${termIn('vehicle', sql.raw(`v.${field}`), language)} as ${sql.raw(field)}`
        : sql.raw(`v.${field}`),
    ),
    sql`, `,
  );

/** Most candidates one search tier may contribute; keeps broad prefixes and infixes bounded. */
export const TIER_CAP = 200;

export interface SearchFilters {
  accountId: number;
  brandIds?: number[] | undefined;
  partTypeIds?: number[] | undefined;
  isNew?: boolean | undefined;
  inStock?: boolean | undefined;
  vehicleId?: number | undefined;
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  /** The back office sees inactive parts too; buyers never do. */
  includeInactive?: boolean | undefined;
  /** The back office's narrowing to active (true) or inactive (false) parts. */
  active?: boolean | undefined;
}

export interface SearchQuery {
  /** Whose own numbers to search too; null for the back office (no company). */
  companyId: number | null;
  /** normalizePartNumber(keyword); '' when the keyword has no letters or digits. */
  key: string;
  /** Lower-cased words of the keyword for the name tier, LIKE wildcards escaped. */
  words: string[];
  usePrefix: boolean;
  /** Also look inside numbers (trigram index); the service asks only when prefixes found little. */
  useInfix: boolean;
  sort: 'relevance' | 'number' | 'price' | 'stock' | 'salecount';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface SearchHit {
  id: number;
  rank: number;
  kind: string;
  value: string;
  /** Candidates the search kept; exact unless `capped`. */
  total: number;
  /**
   * A tier stopped at TIER_CAP, so more parts may match than `total`: it is a lower bound
   * (and every page within it is reachable). Also true when a tier matched exactly the cap.
   */
  capped: boolean;
}

const nameColumn = (language: Language) =>
  sql.raw(language === 'zh' ? 'name_zh' : language === 'es' ? 'name_es' : 'name_en');
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Product conditions shared by every tier; `p` is the products alias. */
function filterSql(filters: SearchFilters): SQL {
  const parts: SQL[] = [sql`p.account_id = ${filters.accountId}`];
  if (!filters.includeInactive) parts.push(sql`p.is_active`);
  else if (filters.active !== undefined) parts.push(sql`p.is_active = ${filters.active}`);
  if (filters.brandIds?.length) parts.push(sql`p.brand_id in (${idList(filters.brandIds)})`);
  if (filters.partTypeIds?.length) parts.push(sql`p.part_type_id in (${idList(filters.partTypeIds)})`);
  if (filters.isNew) parts.push(sql`p.is_new`);
  if (filters.inStock) {
    parts.push(sql`exists (select 1 from stock s where s.product_id = p.id and s.available_stock > 0)`);
  }
  if (filters.vehicleId) {
    parts.push(
      sql`exists (select 1 from fitments f where f.product_id = p.id and f.vehicle_id = ${filters.vehicleId})`,
    );
  } else if (filters.make) {
    const vehicle: SQL[] = [sql`v.m1_name = ${filters.make}`];
    if (filters.model) vehicle.push(sql`v.m2_name = ${filters.model}`);
    if (filters.year) {
      vehicle.push(
        sql`coalesce(v.year_from, 0) <= ${filters.year} and coalesce(v.year_to, 9999) >= ${filters.year}`,
      );
    }
    parts.push(
      sql`exists (select 1 from fitments f join vehicles v on v.id = f.vehicle_id where f.product_id = p.id and ${sql.join(vehicle, sql` and `)})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * Order of the page. `h` carries each candidate's sort columns (every tier joins products for
 * its filters anyway), so ranking the candidates needs no second products lookup.
 */
function sortSql(query: SearchQuery): SQL {
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  switch (query.sort) {
    case 'number':
      return sql`h.number_key ${direction}, h.id`;
    case 'price':
      // List price orders like the company price (one factor per company); fixed prices are rare.
      return sql`h.price ${direction}, h.id`;
    case 'stock':
      return sql`(select coalesce(sum(s.available_stock), 0) from stock s where s.product_id = h.id) ${direction}, h.id`;
    case 'salecount':
      return sql`h.sale_count ${direction}, h.id`;
    default:
      return sql`h.rank, h.sale_count desc, h.id`;
  }
}

/** The columns sortSql reads, taken from the tier's products row `p`. */
const sortColumns = sql.raw('p.number_key, p.price, p.sale_count');
/** Which tier a candidate came from, so the answer can tell whether any tier hit its cap. */
const tierColumn = (tier: number) => sql.raw(`${tier} as tier`);

export function createCatalogRepository(db: Db) {
  return {
    /**
     * Ranked product ids for one page. Each tier is an index lookup capped at TIER_CAP with the
     * filters applied inside it; a product found by several tiers keeps its best rank.
     * Ranks: 0 our number, 1 OE / brand / customer number, 2 prefix, 3 infix, 4 name words.
     */
    async search(query: SearchQuery, filters: SearchFilters): Promise<SearchHit[]> {
      const where = filterSql(filters);
      const tiers: SQL[] = [];
      const { key, companyId } = query;
      if (key) {
        // One btree range scan per source finds the exact number and its prefix extensions
        // together; the exact key sorts first in the range, so the cap never drops it.
        // `using ~<~` is the sort order of the text_pattern_ops index: with a plain `order by`
        // the planner walked the (account, number, brand) unique index instead and filtered
        // the LIKE row by row — 2.3 s for a prefix that sorts late (docs/PERFORMANCE.md).
        const match = query.usePrefix ? sql`like ${`${key}%`}` : sql`= ${key}`;
        tiers.push(sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)},
            case when p.number_key = ${key} then 0 else 2 end as rank,
            case when p.number_key = ${key} then 'number' else 'prefix' end as kind,
            p.number as value
          from products p where p.number_key ${match} and ${where}
          order by p.number_key using ~<~ limit ${TIER_CAP})`);
        tiers.push(sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)},
            case when n.number_key = ${key} then 1 else 2 end as rank,
            case when n.number_key <> ${key} then 'prefix' when n.kind = 'oe' then 'oe' else 'brand_number' end as kind,
            n.brand_name || ' ' || n.number as value
          from product_numbers n join products p on p.id = n.product_id
          where n.number_key ${match} and ${where}
          order by n.number_key using ~<~ limit ${TIER_CAP})`);
        if (companyId !== null) {
          tiers.push(sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)},
            case when c.my_number_key = ${key} then 1 else 2 end as rank,
            case when c.my_number_key = ${key} then 'my_number' else 'prefix' end as kind,
            c.my_number as value
          from customer_part_numbers c join products p on p.id = c.product_id
          where c.company_id = ${companyId} and c.my_number_key ${match} and ${where}
          order by c.my_number_key using ~<~ limit ${TIER_CAP})`);
        }
      }
      if (query.useInfix) {
        // Infix via the trigram indexes: the costly tier, run only when few numbers start with the key.
        const infix = `%${key}%`;
        const prefix = `${key}%`;
        tiers.push(sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)}, 3 as rank, 'infix' as kind, p.number as value from products p
          where p.number_key like ${infix} and p.number_key not like ${prefix} and ${where} limit ${TIER_CAP})`);
        tiers.push(sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)}, 3 as rank, 'infix' as kind, n.brand_name || ' ' || n.number as value
          from product_numbers n join products p on p.id = n.product_id
          where n.number_key like ${infix} and n.number_key not like ${prefix} and ${where} limit ${TIER_CAP})`);
      }
      if (query.words.length > 0) {
        const wordsMatch = sql.join(
          query.words.map((word) => sql`p.name_search like ${`%${word}%`}`),
          sql` and `,
        );
        tiers.push(
          sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)}, 4 as rank, 'name' as kind, '' as value from products p where ${wordsMatch} and ${where} limit ${TIER_CAP})`,
        );
      }

      if (tiers.length === 0 && filters.vehicleId) {
        // A vehicle alone fits 30,000+ of 1M parts: counting and sorting all of them cost 95 ms
        // and 14 req/s at 50 connections (docs/PERFORMANCE.md). Like a broad prefix, it ranks
        // the first TIER_CAP fitted parts in (vehicle, product) index order and its total is a
        // capped count. `offset 0` keeps the products lookup a per-fitment probe: joined
        // freely, PostgreSQL merge-joins along the whole products primary key, which reads
        // every part below the vehicle's last fitted id when its parts sit late in the table.
        const productWhere = filterSql({ ...filters, vehicleId: undefined, make: undefined });
        return queryRows<SearchHit>(
          db,
          sql`
          with h as (
            select p.id, p.number_key, p.price, p.sale_count, 0 as rank
            from fitments f
            cross join lateral (
              select p.id, ${sortColumns} from products p where p.id = f.product_id and ${productWhere} offset 0
            ) p
            where f.vehicle_id = ${filters.vehicleId}
            order by f.product_id
            limit ${TIER_CAP}
          )
          select h.id, 0 as rank, 'none' as kind, '' as value, (count(*) over ())::int as total,
            count(*) over () >= ${TIER_CAP} as capped
          from h
          order by ${sortSql(query)}
          limit ${query.limit} offset ${query.offset}`,
        );
      }
      if (tiers.length === 0) {
        return queryRows<SearchHit>(
          db,
          sql`
          select h.id, 0 as rank, 'none' as kind, '' as value, (count(*) over ())::int as total, false as capped
          from (select p.id, ${sortColumns}, 0 as rank from products p where ${where}) h
          order by ${sortSql(query)}
          limit ${query.limit} offset ${query.offset}`,
        );
      }
      // Window functions run before DISTINCT ON, so each tier's row count is taken over all of
      // its candidates, also those another tier found with a better rank.
      const tierCounts = sql.raw(
        tiers.map((_, tier) => `count(*) filter (where tier = ${tier}) over ()`).join(', '),
      );
      return queryRows<SearchHit>(
        db,
        sql`
        with hits as (${sql.join(tiers, sql` union all `)}),
        h as (
          select distinct on (product_id) product_id as id, number_key, price, sale_count, rank, kind, value,
            greatest(${tierCounts}) >= ${TIER_CAP} as capped
          from hits order by product_id, rank
        )
        select h.id, h.rank, h.kind, h.value, (count(*) over ())::int as total, h.capped
        from h
        order by ${sortSql(query)}
        limit ${query.limit} offset ${query.offset}`,
      );
    },

    /** Close spellings (typos) by trigram similarity, for when nothing else matched. */
    async similar(key: string, filters: SearchFilters, limit: number): Promise<SearchHit[]> {
      const where = filterSql(filters);
      return queryRows<SearchHit>(
        db,
        sql`
        with hits as (
          (select p.id as product_id, similarity(p.number_key, ${key}) as score, p.number as value
            from products p where p.number_key % ${key} and ${where} order by 2 desc limit ${limit})
          union all
          (select p.id, similarity(n.number_key, ${key}), n.brand_name || ' ' || n.number
            from product_numbers n join products p on p.id = n.product_id
            where n.number_key % ${key} and ${where} order by 2 desc limit ${limit})
        ),
        best as (select distinct on (product_id) product_id, score, value from hits order by product_id, score desc)
        select product_id as id, 5 as rank, 'similar' as kind, value, (count(*) over ())::int as total,
          false as capped
        from best order by score desc, product_id limit ${limit}`,
      );
    },

    /**
     * Everything a list row or the detail shows, in one round trip: company price (company
     * price, then price-level price, then list price × level factor), own number, last purchase,
     * cross numbers and stock per store.
     */
    async productRows(ids: readonly number[], companyId: number, language: Language) {
      if (ids.length === 0) return [];
      const name = nameColumn(language);
      return queryRows<ProductHydration>(
        db,
        sql`
        select p.id, p.number, p.${name} as part_name, b.name as factory, p.brand_id, pt.${name} as part_type,
          p.make_names, p.model_displays, ${termIn('unit', sql`p.unit`, language)} as unit, p.unit as unit_as_written, p.weight::text as weight, p.volumn::text as volumn,
          p.buy_qty, p.sale_count as salecount, p.is_new,
          floor(extract(epoch from p.market_time))::bigint as market_time,
          cpn.my_number,
          round(coalesce(cpc.price, cpl.price, p.price * coalesce(pl.factor, 1)), 2)::text as price,
          co.currency,
          (select coalesce(json_agg(json_build_object('kind', n.kind, 'brand', n.brand_name, 'number', n.number)
              order by case n.kind when 'oe' then 0 else 1 end, n.id), '[]'::json)
            from product_numbers n where n.product_id = p.id) as numbers,
          (select coalesce(json_agg(json_build_object('store_id', s.store_id, 'store_name', ${localizedName(sql`st.name`, sql`st.names`, language)}, 'stock', s.stock,
              'available_stock', s.available_stock) order by st.id), '[]'::json)
            from stock s join stores st on st.id = s.store_id where s.product_id = p.id and st.is_active) as stores,
          round(lo.price, 2)::text as last_price, lo.qty as last_qty,
          p.remark, p.pro_params, p.extend_param, p.note_model, p.yp_model, p.yp_aaia_model, p.images, p.files
        from products p
        join companies co on co.id = ${companyId}
        left join price_levels pl on pl.id = co.price_level_id
        join brands b on b.id = p.brand_id
        left join part_types pt on pt.id = p.part_type_id
        left join customer_part_numbers cpn on cpn.company_id = ${companyId} and cpn.product_id = p.id
        left join lateral (
          select cp.price from company_prices cp where cp.product_id = p.id and cp.company_id = ${companyId} limit 1
        ) cpc on true
        left join lateral (
          select cp.price from company_prices cp
          where cp.product_id = p.id and cp.price_level_id = co.price_level_id limit 1
        ) cpl on true
        left join lateral (
          select ol.price, ol.qty from order_lines ol
          where ol.company_id = ${companyId} and ol.product_id = p.id order by ol.id desc limit 1
        ) lo on true
        where p.id = any(${`{${ids.join(',')}}`}::int[])`,
        { prepared: true },
      );
    },

    async productExists(id: number, accountId: number) {
      const found = await queryRows<{ id: number }>(
        db,
        sql`select id from products where id = ${id} and account_id = ${accountId} and is_active`,
      );
      return found.length > 0;
    },

    /** What a product's drawn picture shows; undefined for a product of another account. */
    async pictureFacts(productId: number, accountId: number) {
      const [product] = await queryRows<{
        number: string;
        brand: string;
        part_type: string | null;
        images: string[];
      }>(
        db,
        sql`
        select p.number, b.name as brand, pt.name_en as part_type, p.images
        from products p join brands b on b.id = p.brand_id left join part_types pt on pt.id = p.part_type_id
        where p.id = ${productId} and p.account_id = ${accountId}`,
      );
      return product;
    },

    /** The name a product of the account shows for exactly this attachment path, if one lists it. */
    async listedFileName(accountId: number, filePath: string) {
      const listed = await queryRows<{ name: string | null }>(
        db,
        sql`
        select f ->> 'name' as name from products p, jsonb_array_elements(p.files) f
        where p.account_id = ${accountId} and p.files @> ${JSON.stringify([{ path: filePath }])}::jsonb
          and f ->> 'path' = ${filePath}
        limit 1`,
      );
      return listed[0] ? (listed[0].name ?? '') : undefined;
    },

    async vehiclesOf(productId: number, language: Language) {
      return queryRows<VehicleClassification>(
        db,
        sql`
        select ${vehicleFields(language)}
        from fitments f join vehicles v on v.id = f.vehicle_id
        where f.product_id = ${productId}
        order by v.m1_name, v.m2_name, v.year_from, v.m3_name`,
      );
    },

    async makes(accountId: number) {
      return queryRows<{ value: string }>(
        db,
        sql`select distinct m1_name as value from vehicles where account_id = ${accountId} order by 1`,
      );
    },
    async models(accountId: number, make: string) {
      return queryRows<{ value: string }>(
        db,
        sql`
        select distinct m2_name as value from vehicles where account_id = ${accountId} and m1_name = ${make} order by 1`,
      );
    },
    async years(accountId: number, make: string, model: string, currentYear: number) {
      return queryRows<{ value: number }>(
        db,
        sql`
        select distinct y as value
        from vehicles v, generate_series(coalesce(v.year_from, ${currentYear}), coalesce(v.year_to, ${currentYear})) y
        where v.account_id = ${accountId} and v.m1_name = ${make} and v.m2_name = ${model}
        order by 1 desc`,
      );
    },
    async engines(accountId: number, make: string, model: string, year: number) {
      return queryRows<
        { id: number } & Pick<VehicleClassification, 'm3_name' | 'm3_engine' | 'm3_kw' | 'm3_cc'>
      >(
        db,
        sql`
        select id, m3_name, m3_engine, m3_kw, m3_cc from vehicles
        where account_id = ${accountId} and m1_name = ${make} and m2_name = ${model}
          and coalesce(year_from, 0) <= ${year} and coalesce(year_to, 9999) >= ${year}
        order by m3_name, m3_kw, id`,
      );
    },

    async filters(accountId: number, language: Language) {
      const name = nameColumn(language);
      const [brands, partTypes, stores] = await Promise.all([
        queryRows<FilterOption>(
          db,
          sql`select id, name from brands where account_id = ${accountId} order by name`,
        ),
        queryRows<FilterOption>(
          db,
          sql`select id, ${name} as name from part_types where account_id = ${accountId} order by ${name}`,
        ),
        queryRows<FilterOption>(
          db,
          sql`select id, ${localizedName(sql`name`, sql`names`, language)} as name from stores
            where account_id = ${accountId} and is_active order by id`,
        ),
      ]);
      return { brands, partTypes, stores };
    },

    /** Inventory list: products filtered by number/name, store, brand and stock, by number. */
    async stockProducts(input: {
      accountId: number;
      key: string;
      words: string[];
      storeId?: number | undefined;
      brandId?: number | undefined;
      inStock?: boolean | undefined;
      limit: number;
      offset: number;
    }) {
      const parts: SQL[] = [sql`p.account_id = ${input.accountId}`, sql`p.is_active`];
      // A keyword matches by number (ours by prefix, cross numbers exactly) or by name words.
      const keywordMatches: SQL[] = [];
      if (input.key.length >= 3) {
        keywordMatches.push(sql`p.number_key like ${`${input.key}%`}`);
        keywordMatches.push(
          sql`exists (select 1 from product_numbers n where n.product_id = p.id and n.number_key = ${input.key})`,
        );
      } else if (input.key) {
        keywordMatches.push(sql`p.number_key = ${input.key}`);
      }
      if (input.words.length > 0) {
        keywordMatches.push(
          sql`(${sql.join(
            input.words.map((word) => sql`p.name_search like ${`%${word}%`}`),
            sql` and `,
          )})`,
        );
      }
      if (keywordMatches.length > 0) parts.push(sql`(${sql.join(keywordMatches, sql` or `)})`);
      if (input.brandId) parts.push(sql`p.brand_id = ${input.brandId}`);
      const stockCondition = input.inStock ? sql` and s.available_stock > 0` : sql``;
      if (input.storeId) {
        parts.push(
          sql`exists (select 1 from stock s where s.product_id = p.id and s.store_id = ${input.storeId}${stockCondition})`,
        );
      } else if (input.inStock) {
        parts.push(sql`exists (select 1 from stock s where s.product_id = p.id${stockCondition})`);
      }
      return queryRows<{ id: number; total: number }>(
        db,
        sql`
        select p.id, (count(*) over ())::int as total from products p
        where ${sql.join(parts, sql` and `)}
        order by p.number_key, p.id
        limit ${input.limit} offset ${input.offset}`,
      );
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
