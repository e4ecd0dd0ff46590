import { LANGUAGES, type Language } from '@partsportal/contract/codes';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Names } from './schema/names';

/**
 * Per-language names of data (decision 011): a row keeps its name as written (`name`) and a
 * `names` jsonb `{zh?, en?, es?}`; the reader sees the name in the request's language, else the
 * name as written. Words repeated on many rows (units, parameter names and values, vehicle words)
 * are translated once in `term_names` instead. This file is the one place that says how a name is
 * picked, in SQL (localizedName, termIn) and in TypeScript (nameIn).
 */

/** What `term_names.kind` may be. */
export const TERM_KINDS = ['unit', 'param', 'param_value', 'vehicle'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** The language as an SQL literal; checked, so it is safe to put into the text. */
function languageLiteral(language: Language): SQL {
  if (!LANGUAGES.includes(language)) throw new Error(`unknown language ${String(language)}`);
  return sql.raw(`'${language}'`);
}

/** SQL: `names[language]` when filled, else the written name. */
export const localizedName = (written: AnyPgColumn | SQL, names: AnyPgColumn | SQL, language: Language) =>
  sql<string>`coalesce(nullif(${names} ->> ${languageLiteral(language)}, ''), ${written})`;

/**
 * SQL: a word of `kind` (a unit, a parameter name …) in `language`: the term's name when the
 * vocabulary has it, else the word as written. A scalar subquery on term_names' primary key, so
 * it costs one index probe per row shown; used in select lists, not as a filter.
 */
export const termIn = (kind: TermKind, word: AnyPgColumn | SQL, language: Language) =>
  sql<string>`coalesce((select nullif(tn.names ->> ${languageLiteral(language)}, '') from term_names tn
    where tn.kind = ${sql.raw(`'${kind}'`)} and tn.term = ${word}), ${word})`;

/** TypeScript: the same rule as localizedName, for names already read. */
export function nameIn(names: Names | null | undefined, written: string, language: Language): string {
  const translated = names?.[language]?.trim();
  return translated ? translated : written;
}

/** Keeps only the languages with text, trimmed; what the write functions store. */
export function cleanNames(names: Names): Names {
  const clean: Names = {};
  for (const language of LANGUAGES) {
    const text = names[language]?.trim();
    if (text) clean[language] = text;
  }
  return clean;
}
