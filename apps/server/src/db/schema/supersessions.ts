import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { brands } from './catalog';
import { at, createdAt } from './columns';

/**
 * Part numbers replaced by newer ones (issue 17 item 14, decision 023). Both sides are a brand and
 * a normalized number, not product ids: the old number is often no longer in the catalogue (that
 * is why a buyer who still writes it must be led to the new one), and the ERP may send the new
 * number before the product itself. One old number has one successor; chains (A → B → C) are
 * followed at read time.
 */
export const supersessions = pgTable(
  'supersessions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    oldBrandId: integer('old_brand_id')
      .notNull()
      .references(() => brands.id),
    /** The old number as printed. */
    oldNumber: text('old_number').notNull(),
    /** normalizePartNumber(old_number). */
    oldNumberKey: text('old_number_key').notNull(),
    newBrandId: integer('new_brand_id')
      .notNull()
      .references(() => brands.id),
    newNumber: text('new_number').notNull(),
    newNumberKey: text('new_number_key').notNull(),
    note: text('note').notNull().default(''),
    /** When the replacement took effect (the ERP's date); informative only. */
    since: at('since'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('supersessions_old_uq').on(t.accountId, t.oldNumberKey, t.oldBrandId),
    index('supersessions_new_idx').on(t.accountId, t.newNumberKey, t.newBrandId),
    check(
      'supersessions_not_self',
      sql`(${t.oldBrandId}, ${t.oldNumberKey}) <> (${t.newBrandId}, ${t.newNumberKey})`,
    ),
  ],
);

/**
 * Explicit equivalents beyond the cross numbers: `part` may be replaced by `substitute` (an
 * interchangeable part of another brand, a kit). `two_way` rows hold in both directions; a
 * one-way row does not (a heavier-duty part may stand in for a standard one, not the reverse).
 */
export const substitutes = pgTable(
  'substitutes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    partBrandId: integer('part_brand_id')
      .notNull()
      .references(() => brands.id),
    partNumber: text('part_number').notNull(),
    partNumberKey: text('part_number_key').notNull(),
    substituteBrandId: integer('substitute_brand_id')
      .notNull()
      .references(() => brands.id),
    substituteNumber: text('substitute_number').notNull(),
    substituteNumberKey: text('substitute_number_key').notNull(),
    twoWay: boolean('two_way').notNull().default(true),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('substitutes_pair_uq').on(
      t.accountId,
      t.partNumberKey,
      t.partBrandId,
      t.substituteNumberKey,
      t.substituteBrandId,
    ),
    // The reverse direction of two-way rows.
    index('substitutes_substitute_idx').on(t.accountId, t.substituteNumberKey, t.substituteBrandId),
    check(
      'substitutes_not_self',
      sql`(${t.partBrandId}, ${t.partNumberKey}) <> (${t.substituteBrandId}, ${t.substituteNumberKey})`,
    ),
  ],
);
