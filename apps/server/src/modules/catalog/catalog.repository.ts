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
/**
 * Ids as one `int[]` parameter: the statement's text (and so its prepared name) is the same
 * for any number of brands or part types.
 */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The end of the range of keys that start with `key`, in the bytewise order of the
 * text_pattern_ops indexes (`~<~`): the key with its last character raised by one, so
 * `k ~>=~ key and k ~<~ prefixEnd(key)` holds exactly for the keys `like key || '%'` does.
 * A search key is letters and digits only (normalizePartNumber), so the raised character is
 * at most `[` and never wraps. Why a range and not LIKE: `number_key like $1` becomes an index
 * range only when the planner sees the pattern's value, so a generic plan of a prepared
 * statement scans; a range of two parameters is an index range in every plan.
 */
export function prefixEnd(key: string): string {
  return key.slice(0, -1) + String.fromCharCode(key.charCodeAt(key.length - 1) + 1);
}

/** Product conditions shared by every tier; `p` is the products alias. */
function filterSql(filters: SearchFilters): SQL {
  const parts: SQL[] = [sql`p.account_id = ${filters.accountId}`];
  if (!filters.includeInactive) parts.push(sql`p.is_active`);
  else if (filters.active !== undefined) parts.push(sql`p.is_active = ${filters.active}`);
  if (filters.brandIds?.length) parts.push(sql`p.brand_id = any(${idArray(filters.brandIds)})`);
  if (filters.partTypeIds?.length) parts.push(sql`p.part_type_id = any(${idArray(filters.partTypeIds)})`);
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

/**
 * The cap as a literal, not a parameter: the planner costs `limit 200` as 200 rows in a
 * prepared statement's generic plan too (a `limit $n` it guesses at 10 % of the input).
 */
const tierCap = sql.raw(String(TIER_CAP));

/** The columns sortSql reads, taken from the tier's products row `p`. */
const sortColumns = sql.raw('p.number_key, p.price, p.sale_count');
/** Which tier a candidate came from, so the answer can tell whether any tier hit its cap. */
const tierColumn = (tier: number) => sql.raw(`${tier} as tier`);

/**
 * Everything a list row or the detail shows (ProductHydration) of the products row `p`:
 * company price (company price, then price-level price, then list price × level factor), own
 * number, last purchase, cross numbers and stock per store. With hydrationJoins, shared by
 * productRows and the search that hydrates its own page (searchRows).
 */
const hydrationColumns = (language: Language) => {
  const name = nameColumn(language);
  return sql`p.id, p.number, p.${name} as part_name, b.name as factory, p.brand_id, pt.${name} as part_type,
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
          p.remark, p.pro_params, p.extend_param, p.note_model, p.yp_model, p.yp_aaia_model, p.images, p.files`;
};

/** The joins hydrationColumns reads, after a `products p`. */
const hydrationJoins = (companyId: number) => sql`
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
        ) lo on true`;

/** A search hit with its page row hydrated in the same statement (searchRows). */
export type HydratedHit = SearchHit & { product: ProductHydration };

/** Whose prices and language a hydrating search answers in (searchRows). */
export interface Hydration {
  companyId: number;
  language: Language;
}

export function createCatalogRepository(db: Db) {
  /**
   * Ranked product ids for one page (search), or with `hydration` the page's product rows too
   * (searchRows). Each tier is an index lookup capped at TIER_CAP with the filters applied inside
   * it; a product found by several tiers keeps its best rank.
   * Ranks: 0 our number, 1 OE / brand / customer number, 2 prefix, 3 infix, 4 name words.
   */
  async function search(
    query: SearchQuery,
    filters: SearchFilters,
    hydration?: Hydration,
  ): Promise<{ hydrated: false; rows: SearchHit[] } | { hydrated: true; rows: HydratedHit[] }> {
    const where = filterSql(filters);
    const tiers: SQL[] = [];
    const { key, companyId } = query;
    if (key) {
      // One btree range scan per source finds the exact number and its prefix extensions
      // together; the exact key sorts first in the range, so the cap never drops it.
      // `using ~<~` is the sort order of the text_pattern_ops index: with a plain `order by`
      // the planner walked the (account, number, brand) unique index instead and filtered
      // the LIKE row by row — 2.3 s for a prefix that sorts late (docs/PERFORMANCE.md).
      // The prefix is a range of the same operators (prefixEnd): an index range in any plan,
      // also the generic plan of a prepared statement (issue 20). Its bounds are read through
      // `(select …)` (InitPlans), so the planner costs every key's range alike, as a generic
      // plan must: after five runs PostgreSQL finds the cached generic plan no dearer than a
      // fresh one and stops planning. (With the values visible it costed a long key's range
      // at a few rows and the generic one at 0.5 % of the table, and planned every search
      // anew: 0.9 ms of a search's 1.3 ms in PostgreSQL.)
      // On the single-column indexes the end is `~<~ any (array[…])`: the planner then does
      // not pair the two bounds into one 0.5 % range but estimates a third of a third of the
      // table, so it walks the index in order and stops at the cap on any table size; paired,
      // a 15,000-part table got a bitmap scan of all 3,000 keys of a broad prefix, sorted.
      // The customers' index leads with the company: there an `any` end would become a
      // filter (PostgreSQL 15 keeps an array condition on a later column out of an ordered
      // scan), and a company's own numbers are few.
      const lower = (column: SQL) => sql`${column} ~>=~ (select ${key}::text)`;
      const match = (column: SQL) =>
        query.usePrefix
          ? sql`${lower(column)} and ${column} ~<~ any (array[(select ${prefixEnd(key)}::text)])`
          : sql`${column} = ${key}`;
      const companyMatch = (column: SQL) =>
        query.usePrefix
          ? sql`${lower(column)} and ${column} ~<~ (select ${prefixEnd(key)}::text)`
          : sql`${column} = ${key}`;
      tiers.push(sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)},
          case when p.number_key = ${key} then 0 else 2 end as rank,
          case when p.number_key = ${key} then 'number' else 'prefix' end as kind,
          p.number as value
        from products p where ${match(sql`p.number_key`)} and ${where}
        order by p.number_key using ~<~ limit ${tierCap})`);
      tiers.push(sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)},
          case when n.number_key = ${key} then 1 else 2 end as rank,
          case when n.number_key <> ${key} then 'prefix' when n.kind = 'oe' then 'oe' else 'brand_number' end as kind,
          n.brand_name || ' ' || n.number as value
        from product_numbers n join products p on p.id = n.product_id
        where ${match(sql`n.number_key`)} and ${where}
        order by n.number_key using ~<~ limit ${tierCap})`);
      if (companyId !== null) {
        tiers.push(sql`(select p.id as product_id, ${sortColumns}, ${tierColumn(tiers.length)},
          case when c.my_number_key = ${key} then 1 else 2 end as rank,
          case when c.my_number_key = ${key} then 'my_number' else 'prefix' end as kind,
          c.my_number as value
        from customer_part_numbers c join products p on p.id = c.product_id
        where c.company_id = ${companyId} and ${companyMatch(sql`c.my_number_key`)} and ${where}
        order by c.my_number_key using ~<~ limit ${tierCap})`);
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
      const rows = await queryRows<SearchHit>(
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
      return { hydrated: false, rows };
    }
    if (tiers.length === 0) {
      const rows = await queryRows<SearchHit>(
        db,
        sql`
        select h.id, 0 as rank, 'none' as kind, '' as value, (count(*) over ())::int as total, false as capped
        from (select p.id, ${sortColumns}, 0 as rank from products p where ${where}) h
        order by ${sortSql(query)}
        limit ${query.limit} offset ${query.offset}`,
      );
      return { hydrated: false, rows };
    }
    const numberTiersOnly = !query.useInfix && query.words.length === 0;
    // Window functions run before DISTINCT ON, so each tier's row count is taken over all of
    // its candidates, also those another tier found with a better rank.
    const tierCounts = sql.raw(
      tiers.map((_, tier) => `count(*) filter (where tier = ${tier}) over ()`).join(', '),
    );
    const candidates = sql`
      hits as (${sql.join(tiers, sql` union all `)}),
      h as (
        select distinct on (product_id) product_id as id, number_key, price, sale_count, rank, kind, value,
          greatest(${tierCounts}) >= ${TIER_CAP} as capped
        from hits order by product_id, rank
      )`;
    // Number tiers only: index ranges whatever the key, so one plan serves every key
    // (issue 20: planning was 0.9 ms of a search's 1.3 ms in PostgreSQL). The infix and
    // name tiers stay one-off statements: their trigram LIKE is costed from the pattern.
    const prepared = { prepared: numberTiersOnly };
    if (!hydration) {
      const rows = await queryRows<SearchHit>(
        db,
        sql`
        with ${candidates}
        select h.id, h.rank, h.kind, h.value, (count(*) over ())::int as total, h.capped
        from h
        order by ${sortSql(query)}
        limit ${query.limit} offset ${query.offset}`,
        prepared,
      );
      return { hydrated: false, rows };
    }
    // The page, then its rows joined to it (issue 20: one round trip, not two). `ord` carries
    // the page's order through the join; the hydration reads each page row's product by its
    // primary key, in the same cached plan.
    const rows = await queryRows<
      ProductHydration & {
        hit_rank: number;
        hit_kind: string;
        hit_value: string;
        hit_total: number;
        hit_capped: boolean;
      }
    >(
      db,
      sql`
      with ${candidates},
      page as (
        select h.id, h.rank, h.kind, h.value, (count(*) over ())::int as total, h.capped,
          row_number() over (order by ${sortSql(query)}) as ord
        from h
        order by ${sortSql(query)}
        limit ${query.limit} offset ${query.offset}
      )
      select page.rank as hit_rank, page.kind as hit_kind, page.value as hit_value, page.total as hit_total,
        page.capped as hit_capped, ${hydrationColumns(hydration.language)}
      from page
      join products p on p.id = page.id
      ${hydrationJoins(hydration.companyId)}
      order by page.ord`,
      prepared,
    );
    return {
      hydrated: true,
      rows: rows.map(({ hit_rank, hit_kind, hit_value, hit_total, hit_capped, ...product }) => ({
        id: product.id,
        rank: hit_rank,
        kind: hit_kind,
        value: hit_value,
        total: hit_total,
        capped: hit_capped,
        product,
      })),
    };
  }

  const repository = {
    /**
     * Ranked product ids for one page. Each tier is an index lookup capped at TIER_CAP with the
     * filters applied inside it; a product found by several tiers keeps its best rank.
     * Ranks: 0 our number, 1 OE / brand / customer number, 2 prefix, 3 infix, 4 name words.
     */
    async search(query: SearchQuery, filters: SearchFilters): Promise<SearchHit[]> {
      return (await search(query, filters)).rows;
    },

    /**
     * search, with each hit's product row (productRows' columns for this company and language).
     * A number search and its page's hydration are one statement (issue 20): the page of hits
     * is a CTE the hydration joins, so a search costs one round trip to PostgreSQL, not two.
     * The vehicle-only and filter-only lists hydrate in a second statement as before.
     */
    async searchRows(
      query: SearchQuery,
      filters: SearchFilters,
      hydration: Hydration,
    ): Promise<HydratedHit[]> {
      const found = await search(query, filters, hydration);
      if (found.hydrated) return found.rows;
      const products = await repository.productRows(
        found.rows.map((hit) => hit.id),
        hydration.companyId,
        hydration.language,
      );
      const byId = new Map(products.map((product) => [product.id, product]));
      return found.rows.flatMap((hit) => {
        const product = byId.get(hit.id);
        return product ? [{ ...hit, product }] : [];
      });
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
      return queryRows<ProductHydration>(
        db,
        sql`
        select ${hydrationColumns(language)}
        from products p
        ${hydrationJoins(companyId)}
        where p.id = any((select ${`{${ids.join(',')}}`}::int[])::int[])`,
        // The ids through an InitPlan (issue 20): seen by the planner, a one-part page (an
        // exact hit) costed less than the cached plan for "some ids", and PostgreSQL planned
        // the statement anew on every run (bind 0.9–1.2 ms); hidden, the cached plan is used.
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
  return repository;
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
