import { createHash } from 'node:crypto';
import { LANGUAGES, ResultCode, type Language } from '@partsportal/contract/codes';
import {
  hasControlCharacters,
  NAME_MAX_LENGTH,
  type carrierTrackingRequestSchema,
  type NameEntry,
  type NameImportResult,
  type NameKind,
  type nameListRequestSchema,
  type nameSetRequestSchema,
} from '@partsportal/contract/names';
import { isTrackingUrl } from '@partsportal/contract/names-rules';
import type { z } from 'zod';
import type { Names } from '../../db/schema/names';
import type { StaffContext } from '../../platform/auth-context';
import { AppError } from '../../platform/errors';
import { translate, type MessageKey, type MessageParams } from '../../platform/messages';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields } from '../audit/audit.repository';
import type { SpreadsheetReader } from '../cart/spreadsheet-reader';
import { countRowResults } from '../imports/sheet-upload';
import { staffActor } from '../staff/staff.service';
import { namesXlsx, readNamesFile } from './names-file';
import type { NameListRow } from './names.repository';

/** The three names of an entry as texts, '' where there is none (what lists and audits show). */
type NameTexts = Record<Language, string>;

const textsOf = (names: Names): NameTexts => ({ zh: names.zh ?? '', en: names.en ?? '', es: names.es ?? '' });

const UNKNOWN_ENTRY: Partial<Record<NameKind, MessageKey>> = {
  store: 'namesUnknownStore',
  carrier: 'namesUnknownCarrier',
  area: 'namesUnknownArea',
};

/**
 * The names an entry gets when `given` is written over `before`. A language missing from `given`
 * stays as it was (an import file without that column). An area's zh name is its name as written:
 * left empty, it stays — the written name is never lost.
 */
function mergedNames(kind: NameKind, before: NameTexts | undefined, given: Partial<NameTexts>): NameTexts {
  const merged = { ...(before ?? { zh: '', en: '', es: '' }) };
  for (const language of LANGUAGES) {
    const text = given[language];
    if (text !== undefined) merged[language] = text.trim();
  }
  if (kind === 'area' && merged.zh === '' && before) merged.zh = before.zh;
  return merged;
}

const sameNames = (a: NameTexts, b: NameTexts) => LANGUAGES.every((language) => a[language] === b[language]);

/** Why a name typed into a file cannot be stored; undefined when it can. */
function nameProblem(names: Partial<NameTexts>): { key: MessageKey; params?: MessageParams } | undefined {
  for (const text of Object.values(names)) {
    if (text.length > NAME_MAX_LENGTH) return { key: 'namesTooLong', params: { max: NAME_MAX_LENGTH } };
    if (hasControlCharacters(text)) return { key: 'namesOneLine' };
  }
  return undefined;
}

export function createNamesService(
  deps: DataAccess & {
    reader: SpreadsheetReader;
    /** Called after areas were renamed: the areas list is cached per process. */
    onAreasChanged: () => void;
  },
) {
  const { repos, transaction } = deps;

  /** Writes one entry's names inside `tx`; the kinds differ only in the table. */
  async function write(tx: Repositories, accountId: number, kind: NameKind, key: string, names: NameTexts) {
    if (kind === 'store') return tx.names.setStoreNames(accountId, Number(key), names);
    if (kind === 'carrier') return tx.names.setCarrierNames(accountId, Number(key), names);
    if (kind === 'area') return tx.names.setAreaNames(Number(key), names);
    await tx.names.setTermNames(kind, key, names);
    return true;
  }

  const entryOf = (row: NameListRow, paths: Map<number, string>): NameEntry => ({
    key: row.key,
    written: row.written,
    ...textsOf(row.names),
    context: row.parentId === null ? '' : (paths.get(row.parentId) ?? ''),
    ...(row.trackingUrl === undefined ? {} : { tracking_url: row.trackingUrl }),
  });

  return {
    async list(staff: StaffContext, body: z.infer<typeof nameListRequestSchema>, language: Language) {
      const rows = await repos.names.list(staff.accountId, body.kind, {
        keyword: body.keyword,
        missing: body.missing,
        offset: (body.page - 1) * body.pageSize,
        limit: body.pageSize,
      });
      const paths = await repos.names.areaPaths(
        rows.flatMap((row) => (row.parentId === null ? [] : [row.parentId])),
        language,
      );
      return { list: rows.map((row) => entryOf(row, paths)), total: rows[0]?.total ?? 0 };
    },

    async set(staff: StaffContext, body: z.infer<typeof nameSetRequestSchema>, ip: string) {
      await transaction(async (tx) => {
        const before = await tx.names.lockEntry(staff.accountId, body.kind, body.key);
        // A store, carrier or area must exist; a word is added when it is new.
        if (!before && UNKNOWN_ENTRY[body.kind]) throw new AppError(ResultCode.notFound, 'notFound');
        const old = before ? textsOf(before.names) : undefined;
        const names = mergedNames(body.kind, old, body.names);
        if (old && sameNames(old, names)) return;
        await write(tx, staff.accountId, body.kind, body.key, names);
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'names.set',
          entity: body.kind,
          entityId: body.key,
          changes: changedFields(old ?? {}, names),
        });
      });
      if (body.kind === 'area') deps.onAreasChanged();
      return null;
    },

    /** A carrier's tracking page (issue 17 item 16), audited like its names. */
    async setCarrierTracking(
      staff: StaffContext,
      body: z.infer<typeof carrierTrackingRequestSchema>,
      ip: string,
    ) {
      if (!isTrackingUrl(body.tracking_url)) throw new AppError(ResultCode.validation, 'namesTrackingUrl');
      await transaction(async (tx) => {
        const before = await tx.names.lockCarrierTracking(staff.accountId, body.id);
        if (before === undefined) throw new AppError(ResultCode.notFound, 'notFound');
        if (before === body.tracking_url) return;
        await tx.names.setCarrierTracking(staff.accountId, body.id, body.tracking_url);
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'names.tracking',
          entity: 'carrier',
          entityId: String(body.id),
          changes: changedFields({ tracking_url: before }, { tracking_url: body.tracking_url }),
        });
      });
      return null;
    },

    async exportFile(staff: StaffContext, kind: NameKind, language: Language) {
      const rows = await repos.names.list(staff.accountId, kind, {});
      return namesXlsx(
        kind,
        rows.map((row) => ({ key: row.key, written: row.written, names: textsOf(row.names) })),
        language,
      );
    },

    /**
     * A names file checked row by row against the current names; with `apply`, the rows that
     * change are written in one transaction, each with its audit entry. Rows in error are
     * reported and skipped, so the preview is exactly what apply does (a names file is at most
     * a few thousand rows: one request reads, compares and writes it).
     */
    async importFile(
      staff: StaffContext,
      input: { kind: NameKind; apply: boolean; filename: string; buffer: Buffer },
      language: Language,
      ip: string,
    ): Promise<NameImportResult> {
      const fileRows = await readNamesFile(input, deps.reader);
      const message = (key: MessageKey, params?: MessageParams) => translate(key, language, params);
      const sha256 = createHash('sha256').update(input.buffer).digest('hex');
      const { kind } = input;

      return transaction(async (tx) => {
        const current = new Map(
          (await tx.names.list(staff.accountId, kind, {})).map((row) => [row.key, textsOf(row.names)]),
        );
        const firstRowOf = new Map<string, number>();
        const report: NameImportResult['rows'] = [];
        const writes: Array<{ key: string; before: NameTexts | undefined; after: NameTexts; row: number }> =
          [];
        for (const row of fileRows) {
          const entry: NameImportResult['rows'][number] = {
            row: row.row,
            key: row.key,
            written: row.written,
            zh: row.names.zh ?? '',
            en: row.names.en ?? '',
            es: row.names.es ?? '',
            result: 'error',
            message: '',
          };
          report.push(entry);
          const refuse = (key: MessageKey, params?: MessageParams) => {
            entry.message = message(key, params);
          };
          if (row.formulaColumns.length > 0) {
            refuse('namesRowFormula', { column: row.formulaColumns.join(', ') });
            continue;
          }
          if (row.key === '') {
            refuse('namesRowNoKey');
            continue;
          }
          const problem =
            nameProblem(row.names) ??
            (row.key.length > NAME_MAX_LENGTH
              ? { key: 'namesTooLong' as const, params: { max: NAME_MAX_LENGTH } }
              : undefined);
          if (problem) {
            refuse(problem.key, problem.params);
            continue;
          }
          const before = current.get(row.key);
          const unknown = UNKNOWN_ENTRY[kind];
          if (!before && unknown) {
            refuse(unknown, { key: row.key });
            continue;
          }
          const earlier = firstRowOf.get(row.key);
          if (earlier !== undefined) {
            refuse('namesRowDuplicate', { row: earlier });
            continue;
          }
          firstRowOf.set(row.key, row.row);
          const after = mergedNames(kind, before, row.names);
          // A new word without any name adds nothing.
          const changed = before ? !sameNames(before, after) : Object.values(after).some(Boolean);
          entry.result = !changed ? 'unchanged' : before ? 'updated' : 'created';
          if (changed) writes.push({ key: row.key, before, after, row: row.row });
        }

        if (input.apply) {
          for (const change of writes) {
            await write(tx, staff.accountId, kind, change.key, change.after);
            await tx.audit.record({
              accountId: staff.accountId,
              actor: staffActor(staff, ip),
              action: 'names.import',
              entity: kind,
              entityId: change.key,
              changes: changedFields(change.before ?? {}, change.after),
              details: { file_name: input.filename.slice(0, 255), file_sha256: sha256, row: change.row },
            });
          }
        }
        return { applied: input.apply, counts: countRowResults(report), rows: report };
      }).finally(() => {
        if (input.apply && kind === 'area') deps.onAreasChanged();
      });
    },

    close: () => deps.reader.close(),
  };
}

export type NamesService = ReturnType<typeof createNamesService>;
