import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamptz as 10-digit Unix seconds (spec §9), cut — not rounded — to the second, so a
 * record is never shown one second later than a date filter on that second would find it.
 */
export const epochSeconds = (column: AnyPgColumn | SQL) =>
  sql<number>`floor(extract(epoch from ${column}))::bigint`.mapWith(Number);

export const epochSecondsOrNull = (column: AnyPgColumn | SQL) =>
  sql<number | null>`floor(extract(epoch from ${column}))::bigint`.mapWith((value: unknown) =>
    value === null ? null : Number(value),
  );
