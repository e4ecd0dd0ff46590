import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';

/**
 * Demo supersessions and substitutes (decision 023), so a new user meets the feature: the
 * anchor "0 986 494 123" (Bosch) replaced the older "0 986 494 122", and a few dozen links drawn
 * from the generated catalogue — out-of-stock parts replaced by, or interchangeable with, parts
 * of the same type that are in stock. Set-based statements with small limits: a few
 * milliseconds on top of the seed, whatever the catalogue's size.
 */
export async function writeDemoSupersessions(tx: Db, accountId: number, now: Date): Promise<number> {
  const inStock = (alias: string) =>
    sql.raw(`exists (select 1 from stock s where s.product_id = ${alias}.id and s.available_stock > 0)`);
  await tx.execute(sql`
    insert into supersessions (account_id, old_brand_id, old_number, old_number_key, new_brand_id, new_number,
      new_number_key, since)
    select ${accountId}, p.brand_id, '0 986 494 122', '0986494122', p.brand_id, p.number, p.number_key, ${now.toISOString()}::timestamptz
    from products p
    where p.account_id = ${accountId} and p.number_key = '0986494123'
      and not exists (select 1 from products o where o.account_id = ${accountId} and o.number_key = '0986494122')
    limit 1`);
  // Out-of-stock parts replaced by the next part of the same brand and type that is in stock.
  await tx.execute(sql`
    insert into supersessions (account_id, old_brand_id, old_number, old_number_key, new_brand_id, new_number,
      new_number_key, since)
    select ${accountId}, o.brand_id, o.number, o.number_key, n.brand_id, n.number, n.number_key, ${now.toISOString()}::timestamptz
    from products o
    cross join lateral (
      select q.brand_id, q.number, q.number_key from products q
      where q.account_id = ${accountId} and q.brand_id = o.brand_id and q.part_type_id = o.part_type_id
        and q.id > o.id and ${inStock('q')}
      order by q.id limit 1
    ) n
    where o.account_id = ${accountId} and o.id % 53 = 4 and not ${inStock('o')}
    limit 40
    on conflict do nothing`);
  // Numbers no longer in the catalogue: the last digit of a part's number one lower.
  await tx.execute(sql`
    insert into supersessions (account_id, old_brand_id, old_number, old_number_key, new_brand_id, new_number,
      new_number_key, since)
    select ${accountId}, p.brand_id, x.old_number, upper(regexp_replace(x.old_number, '[^0-9A-Za-z]', '', 'g')),
      p.brand_id, p.number, p.number_key, ${now.toISOString()}::timestamptz
    from products p
    cross join lateral (
      select overlay(p.number placing translate(right(p.number, 1), '1234567890', '0123456789')
        from length(p.number) for 1) as old_number
    ) x
    where p.account_id = ${accountId} and p.id % 89 = 7 and right(p.number, 1) ~ '[1-9]' and ${inStock('p')}
      and not exists (
        select 1 from products e where e.account_id = ${accountId} and e.brand_id = p.brand_id
          and e.number_key = upper(regexp_replace(x.old_number, '[^0-9A-Za-z]', '', 'g')))
    limit 30
    on conflict do nothing`);
  // Interchangeable parts of another brand: out-of-stock parts and an in-stock part of the same type.
  await tx.execute(sql`
    insert into substitutes (account_id, part_brand_id, part_number, part_number_key, substitute_brand_id,
      substitute_number, substitute_number_key, two_way)
    select ${accountId}, o.brand_id, o.number, o.number_key, n.brand_id, n.number, n.number_key, o.id % 3 <> 0
    from products o
    cross join lateral (
      select q.brand_id, q.number, q.number_key from products q
      where q.account_id = ${accountId} and q.part_type_id = o.part_type_id and q.brand_id <> o.brand_id
        and q.id > o.id and ${inStock('q')}
      order by q.id limit 1
    ) n
    where o.account_id = ${accountId} and o.id % 41 = 3 and not ${inStock('o')}
    limit 60
    on conflict do nothing`);
  const [row] = await queryRows<{ links: number | string }>(
    tx,
    sql`select (select count(*) from supersessions where account_id = ${accountId})
      + (select count(*) from substitutes where account_id = ${accountId}) as links`,
  );
  return Number(row?.links ?? 0);
}
