import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { HitTier, NumberHit } from './part-matching';

/** Most products one key may return per source: a key shared by more is reported as ambiguous anyway. */
const HITS_PER_KEY = 20;

interface HitRow {
  key: string;
  tier: HitTier;
  product_id: number;
  value: string;
  product_number: string;
  buy_qty: number;
  brand: string | null;
}

const toHits = (found: HitRow[]): NumberHit[] =>
  found.map((row) => ({
    key: row.key,
    tier: row.tier,
    productId: row.product_id,
    value: row.value,
    productNumber: row.product_number,
    buyQty: row.buy_qty,
    brand: row.brand ?? '',
  }));

export function createPartMatchingRepository(db: Db) {
  return {
    /**
     * Products whose own number or whose number in the signed-in company's list is one of
     * `keys`, in ONE statement: an index lookup per key (the btree key indexes; `=` works on
     * text_pattern_ops). Keys travel as one JSON text parameter, so 5,000 lines stay one short
     * statement. Only active products of the account.
     */
    async lookupOwnNumbers(
      accountId: number,
      companyId: number,
      keys: readonly string[],
    ): Promise<NumberHit[]> {
      if (keys.length === 0) return [];
      return toHits(
        await queryRows<HitRow>(
          db,
          sql`
        with k as (select distinct value as key from json_array_elements_text(${JSON.stringify(keys)}::json))
        select k.key, h.tier, h.product_id, h.value, h.product_number, h.buy_qty,
          (select b.name from brands b where b.id = h.brand_id) as brand
        from k cross join lateral (
          (select 'number' as tier, p.id as product_id, p.number as value, p.number as product_number, p.buy_qty,
              p.brand_id
            from products p
            where p.number_key = k.key and p.account_id = ${accountId} and p.is_active
            limit ${HITS_PER_KEY})
          union all
          (select 'my_number', p.id, c.my_number, p.number, p.buy_qty, p.brand_id
            from customer_part_numbers c join products p on p.id = c.product_id
            where c.company_id = ${companyId} and c.my_number_key = k.key and p.account_id = ${accountId} and p.is_active
            limit ${HITS_PER_KEY})
        ) h`,
        ),
      );
    },

    /**
     * Products with one of `keys` as an OE or other brand's number. Asked only for keys our own
     * numbers did not find: a cross number is often shared by dozens of products, so this is the
     * costly lookup.
     */
    async lookupCrossNumbers(accountId: number, keys: readonly string[]): Promise<NumberHit[]> {
      if (keys.length === 0) return [];
      return toHits(
        await queryRows<HitRow>(
          db,
          sql`
        with k as (select distinct value as key from json_array_elements_text(${JSON.stringify(keys)}::json))
        select k.key, h.tier, h.product_id, h.value, h.product_number, h.buy_qty, h.brand
        from k cross join lateral (
          select n.kind as tier, p.id as product_id, n.brand_name || ' ' || n.number as value,
            p.number as product_number, p.buy_qty, n.brand_name as brand
          from product_numbers n join products p on p.id = n.product_id
          where n.number_key = k.key and p.account_id = ${accountId} and p.is_active
          limit ${HITS_PER_KEY}
        ) h`,
        ),
      );
    },

    /**
     * Close numbers (trigram similarity, like the catalogue's similar tier) for several keys in
     * one statement: up to `limit` products per key, best first.
     */
    async suggestions(
      accountId: number,
      keys: readonly string[],
      limit: number,
      minSimilarity: number,
    ): Promise<Array<{ key: string; productId: number }>> {
      if (keys.length === 0) return [];
      const found = await queryRows<{ key: string; product_id: number }>(
        db,
        sql`
        with k as (select distinct value as key from json_array_elements_text(${JSON.stringify(keys)}::json))
        select k.key, s.product_id from k cross join lateral (
          select product_id from (
            (select p.id as product_id, similarity(p.number_key, k.key) as score from products p
              where p.number_key % k.key and p.account_id = ${accountId} and p.is_active
              order by 2 desc limit ${limit})
            union all
            (select p.id, similarity(n.number_key, k.key) from product_numbers n join products p on p.id = n.product_id
              where n.number_key % k.key and p.account_id = ${accountId} and p.is_active
              order by 2 desc limit ${limit})
          ) x where score >= ${minSimilarity}
          group by product_id order by max(score) desc, product_id limit ${limit}
        ) s`,
      );
      return found.map((row) => ({ key: row.key, productId: row.product_id }));
    },
  };
}

export type PartMatchingRepository = ReturnType<typeof createPartMatchingRepository>;
