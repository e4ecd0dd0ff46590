import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money: numeric, never a binary float; drizzle returns it as a decimal string. */
export const money = (name: string) => numeric(name, { precision: 16, scale: 4 });
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** Bytes (uploaded files kept in the database); PGlite hands them over as a Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
