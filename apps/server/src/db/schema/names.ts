import { jsonb } from 'drizzle-orm/pg-core';

/**
 * A name per language beside the name as it was written (docs/decisions/011-per-language-names.md):
 * `{ zh?, en?, es? }`, each optional; the reader sees `names[Lng]`, else the written name.
 */
export type Names = Partial<Record<'zh' | 'en' | 'es', string>>;

export const namesColumn = () => jsonb('names').$type<Names>().notNull().default({});
