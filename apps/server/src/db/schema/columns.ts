import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money: numeric, never a binary float; drizzle returns it as a decimal string. */
export const money = (name: string) => numeric(name, { precision: 16, scale: 4 });
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
