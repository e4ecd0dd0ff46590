import { MAX_SUPERSESSION_HOPS } from '@partsportal/contract/supersessions';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** A number to follow: its brand when known (a catalogue part), else any brand (a typed keyword). */
export interface NumberRef {
  brandId: number | null;
  key: string;
}

/** Where an old number leads: its newest successor (the deepest link the catalogue holds). */
export interface Successor {
  /** The number followed, as asked. */
  from_brand_id: number | null;
  from_key: string;
  /** The old number of the first link, as printed, and its brand. */
  old_number: string;
  old_brand: string;
  old_brand_id: number;
  new_number: string;
  new_brand: string;
  /** The successor's product, null when the catalogue lacks it (or it is inactive). */
  product_id: number | null;
  note: string;
}

export interface EquivalentHit {
  product_id: number;
  equivalent_id: number;
  source: 'substitute' | 'cross';
}

/** A supersession as stored, for the batch upserts' comparison. */
export interface SupersessionValues {
  old_brand_id: number;
  old_number: string;
  old_number_key: string;
  new_brand_id: number;
  new_number: string;
  new_number_key: string;
  note: string;
  since: string | null;
}

export interface SubstituteValues {
  part_brand_id: number;
  part_number: string;
  part_number_key: string;
  substitute_brand_id: number;
  substitute_number: string;
  substitute_number_key: string;
  two_way: boolean;
  note: string;
}

/** Candidates one shared cross number may contribute before the stock check. */
const CROSS_CANDIDATES = 40;
// Both lookups run on every search page (successors) or every page with an out-of-stock part
// (equivalents), so they are named prepared statements planned once (issue 20: unnamed, the
// successors lookup was planned on every search, 0.9 ms of its 1.4 ms). Their constants are
// literals in the text: a generic plan guesses a `limit $n` at a tenth of its input.
const CROSS_LIMIT = sql.raw(String(CROSS_CANDIDATES));
const HOPS = sql.raw(String(MAX_SUPERSESSION_HOPS));

export function createSupersessionsRepository(db: Db) {
  return {
    /**
     * The newest successor of each number that was replaced, in one statement: a recursive walk
     * along the (account, old key, old brand) unique index, at most MAX_SUPERSESSION_HOPS links
     * and never through a link twice (a loop in the ERP's data ends the walk). The answer is the
     * deepest link whose product is in the catalogue and active, else the deepest link.
     */
    async successors(accountId: number, refs: readonly NumberRef[]): Promise<Successor[]> {
      if (refs.length === 0) return [];
      return queryRows<Successor>(
        db,
        sql`
        with recursive k as (
          select distinct (value ->> 'brandId')::int as brand_id, value ->> 'key' as key
          from json_array_elements(${JSON.stringify(refs)}::json)
        ),
        chain as (
          select k.brand_id as from_brand_id, k.key as from_key, s.old_brand_id, s.old_number,
            s.new_brand_id, s.new_number, s.new_number_key, s.note, 1 as depth, array[s.id] as path
          from k join supersessions s on s.account_id = ${accountId} and s.old_number_key = k.key
            and (k.brand_id is null or s.old_brand_id = k.brand_id)
          union all
          select c.from_brand_id, c.from_key, c.old_brand_id, c.old_number,
            s.new_brand_id, s.new_number, s.new_number_key, c.note, c.depth + 1, c.path || s.id
          from chain c join supersessions s on s.account_id = ${accountId}
            and s.old_number_key = c.new_number_key and s.old_brand_id = c.new_brand_id
          where c.depth < ${HOPS} and not s.id = any(c.path)
        )
        select distinct on (c.from_brand_id, c.from_key, c.old_brand_id)
          c.from_brand_id, c.from_key, c.old_number, ob.name as old_brand, c.old_brand_id,
          c.new_number, nb.name as new_brand, p.id as product_id, c.note
        from chain c
        join brands ob on ob.id = c.old_brand_id
        join brands nb on nb.id = c.new_brand_id
        left join products p on p.account_id = ${accountId} and p.number_key = c.new_number_key
          and p.brand_id = c.new_brand_id and p.is_active
        order by c.from_brand_id, c.from_key, c.old_brand_id, (p.id is not null) desc, c.depth desc`,
        { prepared: true },
      );
    },

    /**
     * Equivalent parts in stock for each of `productIds` (the out-of-stock rows of one page):
     * explicit substitutes (both directions of two-way rows) and parts that share a cross number
     * of the same brand, whose own number is one of its cross numbers, or that list its number.
     * Every source is an index lookup capped per part; the caller hydrates prices and stock.
     */
    async equivalents(accountId: number, productIds: readonly number[]): Promise<EquivalentHit[]> {
      if (productIds.length === 0) return [];
      return queryRows<EquivalentHit>(
        db,
        sql`
        with p as (
          select p.id, p.brand_id, p.number_key, p.part_type_id, b.name as brand
          from products p join brands b on b.id = p.brand_id
          where p.id = any(${`{${productIds.join(',')}}`}::int[]) and p.account_id = ${accountId}
        ),
        cand as (
          select p.id as product_id, q.id as equivalent_id, 'substitute' as source, 0 as rank
          from p join substitutes s on s.account_id = ${accountId} and s.part_number_key = p.number_key
            and s.part_brand_id = p.brand_id
          join products q on q.account_id = ${accountId} and q.number_key = s.substitute_number_key
            and q.brand_id = s.substitute_brand_id
          union all
          select p.id, q.id, 'substitute', 0
          from p join substitutes s on s.account_id = ${accountId} and s.two_way
            and s.substitute_number_key = p.number_key and s.substitute_brand_id = p.brand_id
          join products q on q.account_id = ${accountId} and q.number_key = s.part_number_key
            and q.brand_id = s.part_brand_id
          union all
          select p.id, x.product_id, 'cross', 1
          from p join product_numbers n on n.product_id = p.id
          cross join lateral (
            select m.product_id from product_numbers m
            where m.number_key = n.number_key and m.product_id <> p.id and lower(m.brand_name) = lower(n.brand_name)
            limit ${CROSS_LIMIT}
          ) x
          union all
          select p.id, q.id, 'cross', 1
          from p join product_numbers n on n.product_id = p.id
          join products q on q.account_id = ${accountId} and q.number_key = n.number_key and q.id <> p.id
          join brands qb on qb.id = q.brand_id and lower(qb.name) = lower(n.brand_name)
          union all
          select p.id, x.product_id, 'cross', 1
          from p cross join lateral (
            select m.product_id from product_numbers m
            where m.number_key = p.number_key and m.product_id <> p.id and lower(m.brand_name) = lower(p.brand)
            limit ${CROSS_LIMIT}
          ) x
        ),
        best as (
          select distinct on (c.product_id, c.equivalent_id) c.product_id, c.equivalent_id, c.source, c.rank,
            st.available
          from cand c
          join products q on q.id = c.equivalent_id and q.account_id = ${accountId} and q.is_active
          join p on p.id = c.product_id
          -- A shared cross number between parts of different types (a starter and a filter) is a
          -- data slip, not an equivalent; explicit substitutes are taken as the ERP sends them.
          and (c.source = 'substitute' or p.part_type_id is null or q.part_type_id is null
            or q.part_type_id = p.part_type_id)
          cross join lateral (
            select coalesce(sum(s.available_stock), 0)::int as available
            from stock s join stores so on so.id = s.store_id and so.is_active
            where s.product_id = q.id
          ) st
          where st.available > 0
          order by c.product_id, c.equivalent_id, c.rank
        ),
        ranked as (
          select b.*, row_number() over (partition by b.product_id order by b.rank, b.available desc, b.equivalent_id) as n
          from best b
        )
        select product_id, equivalent_id, source from ranked where n <= 5
        order by product_id, n`,
        { prepared: true },
      );
    },

    /** Brand and number key of products (the import's matched lines), to follow their successors. */
    async partKeys(accountId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return [];
      return queryRows<{ id: number; brand_id: number; number_key: string }>(
        db,
        sql`select id, brand_id, number_key from products
          where id = any(${`{${productIds.join(',')}}`}::int[]) and account_id = ${accountId}`,
      );
    },

    /** Stored supersessions of these old (brand, key) pairs, for the batch upserts. */
    async supersessionsByOld(accountId: number, keys: ReadonlyArray<{ brandId: number; key: string }>) {
      if (keys.length === 0) return [];
      return queryRows<SupersessionValues & { id: number }>(
        db,
        sql`
        select s.id, s.old_brand_id, s.old_number, s.old_number_key, s.new_brand_id, s.new_number,
          s.new_number_key, s.note, to_char(s.since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since
        from json_to_recordset(${JSON.stringify(keys)}::json) k("brandId" int, key text)
        join supersessions s on s.account_id = ${accountId} and s.old_number_key = k.key and s.old_brand_id = k."brandId"`,
      );
    },

    async writeSupersessions(accountId: number, rows: readonly SupersessionValues[]) {
      if (rows.length === 0) return;
      await queryRows(
        db,
        sql`
        insert into supersessions (account_id, old_brand_id, old_number, old_number_key, new_brand_id, new_number,
          new_number_key, note, since)
        select ${accountId}, r.old_brand_id, r.old_number, r.old_number_key, r.new_brand_id, r.new_number,
          r.new_number_key, r.note, r.since::timestamptz
        from json_to_recordset(${JSON.stringify(rows)}::json) r(old_brand_id int, old_number text,
          old_number_key text, new_brand_id int, new_number text, new_number_key text, note text, since text)
        on conflict (account_id, old_number_key, old_brand_id) do update set
          old_number = excluded.old_number, new_brand_id = excluded.new_brand_id, new_number = excluded.new_number,
          new_number_key = excluded.new_number_key, note = excluded.note, since = excluded.since`,
      );
    },

    async deleteSupersessions(accountId: number, ids: readonly number[]) {
      if (ids.length === 0) return;
      await queryRows(
        db,
        sql`delete from supersessions where account_id = ${accountId} and id = any(${`{${ids.join(',')}}`}::int[])`,
      );
    },

    /** Stored substitutes of these (part, substitute) pairs. */
    async substitutesByPair(
      accountId: number,
      keys: ReadonlyArray<{ partBrandId: number; partKey: string; subBrandId: number; subKey: string }>,
    ) {
      if (keys.length === 0) return [];
      return queryRows<SubstituteValues & { id: number }>(
        db,
        sql`
        select s.id, s.part_brand_id, s.part_number, s.part_number_key, s.substitute_brand_id, s.substitute_number,
          s.substitute_number_key, s.two_way, s.note
        from json_to_recordset(${JSON.stringify(keys)}::json) k("partBrandId" int, "partKey" text, "subBrandId" int, "subKey" text)
        join substitutes s on s.account_id = ${accountId} and s.part_number_key = k."partKey"
          and s.part_brand_id = k."partBrandId" and s.substitute_number_key = k."subKey"
          and s.substitute_brand_id = k."subBrandId"`,
      );
    },

    async writeSubstitutes(accountId: number, rows: readonly SubstituteValues[]) {
      if (rows.length === 0) return;
      await queryRows(
        db,
        sql`
        insert into substitutes (account_id, part_brand_id, part_number, part_number_key, substitute_brand_id,
          substitute_number, substitute_number_key, two_way, note)
        select ${accountId}, r.part_brand_id, r.part_number, r.part_number_key, r.substitute_brand_id,
          r.substitute_number, r.substitute_number_key, r.two_way, r.note
        from json_to_recordset(${JSON.stringify(rows)}::json) r(part_brand_id int, part_number text,
          part_number_key text, substitute_brand_id int, substitute_number text, substitute_number_key text,
          two_way boolean, note text)
        on conflict (account_id, part_number_key, part_brand_id, substitute_number_key, substitute_brand_id)
        do update set part_number = excluded.part_number, substitute_number = excluded.substitute_number,
          two_way = excluded.two_way, note = excluded.note`,
      );
    },

    async deleteSubstitutes(accountId: number, ids: readonly number[]) {
      if (ids.length === 0) return;
      await queryRows(
        db,
        sql`delete from substitutes where account_id = ${accountId} and id = any(${`{${ids.join(',')}}`}::int[])`,
      );
    },

    /** What the back office's product page lists: its successor, what it replaced, its substitutes. */
    async linksOf(accountId: number, productId: number) {
      return queryRows<{
        kind: 'replaced_by' | 'replaces' | 'to' | 'from';
        brand: string;
        number: string;
        note: string;
        two_way: boolean;
        since: number | string | null;
      }>(
        db,
        sql`
        with p as (select brand_id, number_key from products where id = ${productId} and account_id = ${accountId})
        select 'replaced_by' as kind, b.name as brand, s.new_number as number, s.note, true as two_way,
          floor(extract(epoch from s.since))::bigint as since
        from p join supersessions s on s.account_id = ${accountId} and s.old_number_key = p.number_key
          and s.old_brand_id = p.brand_id join brands b on b.id = s.new_brand_id
        union all
        select 'replaces', b.name, s.old_number, s.note, true, floor(extract(epoch from s.since))::bigint
        from p join supersessions s on s.account_id = ${accountId} and s.new_number_key = p.number_key
          and s.new_brand_id = p.brand_id join brands b on b.id = s.old_brand_id
        union all
        select 'to', b.name, s.substitute_number, s.note, s.two_way, null
        from p join substitutes s on s.account_id = ${accountId} and s.part_number_key = p.number_key
          and s.part_brand_id = p.brand_id join brands b on b.id = s.substitute_brand_id
        union all
        select 'from', b.name, s.part_number, s.note, s.two_way, null
        from p join substitutes s on s.account_id = ${accountId} and s.substitute_number_key = p.number_key
          and s.substitute_brand_id = p.brand_id join brands b on b.id = s.part_brand_id
        order by 1, 2, 3`,
      );
    },
  };
}

export type SupersessionsRepository = ReturnType<typeof createSupersessionsRepository>;
