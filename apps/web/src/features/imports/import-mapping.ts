import type { Language } from '@partsportal/contract/codes';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  REQUIRED_FIELDS,
  type ImportField,
  type ImportKind,
} from '@partsportal/contract/imports';

/** Field per column position (null = not imported), as DryRun wants it. */
export type ColumnMapping = Array<string | null>;

export const fieldLabel = (field: string, language: Language): string =>
  IMPORT_FIELD_LABELS[field as ImportField]?.[language] ?? field;

/** The suggestion fitted to the file: one entry per header, fields of this kind only. */
export function fitMapping(
  kind: ImportKind,
  headers: readonly string[],
  suggested: ColumnMapping,
): ColumnMapping {
  const known = new Set<string>(IMPORT_FIELDS[kind]);
  return headers.map((_, column) => {
    const field = suggested[column] ?? null;
    return field && known.has(field) ? field : null;
  });
}

export interface MappingProblems {
  /** Required fields no column is mapped to. */
  missing: ImportField[];
  /** Fields mapped to more than one column. */
  duplicate: string[];
}

/** What keeps a mapping from a dry run; the server checks the same (catalogImportMissingColumns). */
export function mappingProblems(kind: ImportKind, mapping: ColumnMapping): MappingProblems {
  const seen = new Map<string, number>();
  for (const field of mapping) if (field) seen.set(field, (seen.get(field) ?? 0) + 1);
  return {
    missing: REQUIRED_FIELDS[kind].filter((field) => !seen.has(field)),
    duplicate: [...seen].filter(([, count]) => count > 1).map(([field]) => field),
  };
}

/** Rows to import after a dry run: the ones without an error. */
export const importableRows = (counts: { created: number; updated: number; unchanged: number }) =>
  counts.created + counts.updated + counts.unchanged;

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
