import type { Readable } from 'node:stream';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_REPORT_PATH,
  REQUIRED_FIELDS,
  type ImportCounts,
  type ImportField,
  type ImportKind,
  type ImportMode,
  type ImportStatus,
  type RowResultKind,
} from '@partsportal/contract/imports';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { JobLogger, JobQueue } from '../../platform/jobs';
import { translate, type MessageKey } from '../../platform/messages';
import type { DataAccess } from '../../repositories';
import {
  buildReference,
  UPSERTS,
  type CoreContext,
  type ImportRow,
  type RowError,
  type RowResult,
} from './import-core';
import { createRepositoryStatistics, rowsWritten, type TableStatistics } from './table-statistics';
import {
  detectDelimiter,
  fileRows,
  openStoredFile,
  readHeaders,
  reportXlsx,
  storeUpload,
  templateXlsx,
  type FileFormat,
} from './import-files';
import type { AuditActor } from '../audit/audit.repository';
import { importFinishedEvent } from '../webhooks/webhook-events';
import type { ImportRecord, RowResultWrite } from './imports.repository';

/** Who runs an import: the account, and who they are for the imports list and the audit log. */
export interface ImportActor {
  accountId: number;
  who: string;
  audit: AuditActor;
}

export const CHECK_QUEUE = 'import-check';
export const COMMIT_QUEUE = 'import-commit';
/** Rows per transaction: the import core's limit. */
const BATCH_ROWS = 1_000;
/** A failed slice is retried this often before the import is marked failed. */
const RETRY_LIMIT = 5;
/** Rows in the downloadable report; the page-wise Rows call shows every row. */
const MAX_REPORT_ROWS = 200_000;

const EMPTY_COUNTS: ImportCounts = { created: 0, updated: 0, unchanged: 0, error: 0 };

/**
 * Lets the event loop run between two batches. PGlite runs in this process and its queries
 * resolve without ever reaching the I/O phase, so without this a running import kept every
 * HTTP request (a buyer's search, the progress poll itself) waiting until it ended.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Another runner moved the checkpoint first (a retried slice met a live one): this one stops. */
class StaleCheckpoint extends Error {}

export interface ImportsServiceDeps extends DataAccess {
  jobs: JobQueue;
  config: Pick<Config, 'importMaxBytes' | 'importJobExpireSeconds' | 'importCommitYield'>;
  logger: JobLogger;
  /** The process's one tracker (app.ts); a service of its own when absent (tests, worker). */
  statistics?: TableStatistics;
}

const fold = (text: string) => text.normalize('NFKC').trim().toLowerCase();

export function createImportsService(deps: ImportsServiceDeps) {
  const { repos, transaction, jobs, config, logger } = deps;
  // Fresh planner statistics after a large import (issue 20; table-statistics.ts).
  const statistics = deps.statistics ?? createRepositoryStatistics(repos);

  const toStatus = (record: ImportRecord): ImportStatus => ({
    import_id: record.id,
    kind: record.kind as ImportKind,
    mode: record.mode as ImportMode,
    state: record.state as ImportStatus['state'],
    filename: record.filename,
    format: record.format as FileFormat,
    file_bytes: Number(record.byteSize),
    file_sha256: record.sha256,
    headers: record.headers,
    total_rows: record.totalRows,
    check_counts: (record.checkCounts as ImportCounts | null) ?? null,
    rows_done: record.rowsDone,
    counts: { ...EMPTY_COUNTS, ...(record.counts as ImportCounts) },
    error: record.error,
    created_by: record.createdBy,
    created_at: record.createdAt.toISOString(),
    finished_at: record.finishedAt?.toISOString() ?? null,
  });

  async function load(actor: ImportActor, importId: number): Promise<ImportRecord> {
    const record = await repos.imports.find(actor.accountId, importId);
    if (!record) throw new AppError(ResultCode.notFound, 'catalogImportNotFound');
    return record;
  }

  const badState = (state: string) => new AppError(ResultCode.refused, 'catalogImportBadState', { state });

  /** The field per column: the remembered mapping of this kind by header text, else the template headers. */
  async function suggestMapping(actor: ImportActor, kind: ImportKind, headers: readonly string[]) {
    const remembered = (await repos.imports.mapping(actor.accountId, kind)) ?? {};
    const byLabel = new Map<string, ImportField>();
    for (const field of IMPORT_FIELDS[kind]) {
      byLabel.set(fold(field), field);
      for (const label of Object.values(IMPORT_FIELD_LABELS[field])) byLabel.set(fold(label), field);
    }
    const used = new Set<string>();
    return headers.map((header) => {
      const key = fold(header);
      const remember = remembered[key];
      const field =
        remember && (IMPORT_FIELDS[kind] as readonly string[]).includes(remember)
          ? remember
          : byLabel.get(key);
      if (!field || used.has(field)) return null;
      used.add(field);
      return field;
    });
  }

  /** Column index → field, checked: known fields of the kind, each once, every required one present. */
  function checkMapping(kind: ImportKind, headers: readonly string[], mapping: ReadonlyArray<string | null>) {
    const allowed = IMPORT_FIELDS[kind] as readonly string[];
    const columns: Record<string, string> = {};
    const seen = new Set<string>();
    const bad: string[] = [];
    mapping.forEach((field, index) => {
      if (field === null) return;
      if (!allowed.includes(field) || seen.has(field) || index >= headers.length)
        bad.push(`${index + 1}:${field}`);
      seen.add(field);
      columns[String(index)] = field;
    });
    if (bad.length > 0)
      throw new AppError(ResultCode.validation, 'catalogImportBadMapping', { fields: bad.join(', ') });
    const missing = REQUIRED_FIELDS[kind].filter((field) => !seen.has(field));
    if (missing.length > 0) {
      throw new AppError(ResultCode.validation, 'catalogImportMissingColumns', {
        fields: missing.join(', '),
      });
    }
    return columns;
  }

  /**
   * The data rows after the header, `skip` of them passed over (a resumed commit), in batches of
   * BATCH_ROWS non-empty rows; `consumed` counts every record taken, empty ones included, so
   * it adds up to the checkpoint.
   */
  async function* batches(record: ImportRecord, skip: number) {
    const mapping = Object.entries(record.mapping ?? {}).map(
      ([column, field]) => [Number(column), field as ImportField] as const,
    );
    // A resumed CSV commit reads on from the checkpoint's byte instead of parsing and skipping
    // every row before it (which made each slice of a large file slower than the last).
    const resume =
      record.format === 'csv' && skip > 0 && record.resumeByte > 0
        ? {
            byte: record.resumeByte,
            row: 1 + skip,
            delimiter: detectDelimiter((await repos.imports.chunk(record.fileId, 0)) ?? Buffer.alloc(0)),
          }
        : undefined;
    const stream = openStoredFile(repos.imports, record.fileId, resume?.byte ?? 0);
    let seen = resume ? skip : 0;
    let rows: ImportRow[] = [];
    let consumed = 0;
    let endByte = resume?.byte ?? 0;
    try {
      let header = !resume;
      for await (const fileRow of fileRows(stream, record.format as FileFormat, resume)) {
        if (header) {
          header = false;
          continue;
        }
        if (++seen <= skip) continue;
        consumed++;
        endByte = fileRow.endByte ?? 0;
        if (fileRow.cells.every((cell) => cell.trim() === '')) continue;
        const values: ImportRow['values'] = {};
        for (const [column, field] of mapping) values[field] = fileRow.cells[column] ?? '';
        rows.push({ row: fileRow.row, values });
        if (rows.length >= BATCH_ROWS) {
          yield { rows, consumed, endByte };
          rows = [];
          consumed = 0;
        }
      }
      if (consumed > 0) yield { rows, consumed, endByte };
    } finally {
      stream.destroy();
    }
  }

  async function contextOf(record: ImportRecord): Promise<Omit<CoreContext, 'duplicates'>> {
    return {
      accountId: record.accountId,
      reference: buildReference(await repos.imports.reference(record.accountId)),
      present: new Set(Object.values(record.mapping ?? {}) as ImportField[]),
    };
  }

  const errorsForStore = (errors: RowError[] | undefined): RowResultWrite['errors'] =>
    errors && errors.length > 0
      ? errors.map((error) => ({
          field: error.field,
          message_key: error.message_key,
          ...(error.params ? { params: error.params } : {}),
        }))
      : null;

  /** The dry run: every batch through the core's read-only comparisons, the answers kept. */
  async function runCheck(importId: number) {
    const record = await repos.imports.find(await accountOf(importId), importId);
    if (!record || record.state !== 'checking') return;
    try {
      const ctx = await contextOf(record);
      await repos.imports.clearRowResults(importId);
      let total = 0;
      for await (const batch of batches(record, 0)) {
        await yieldToRequests();
        total += batch.consumed;
        if (batch.rows.length === 0) continue;
        // Read-only comparisons (ctx.dryRun): nothing is written, no index is touched.
        const results = await UPSERTS[record.kind as ImportKind](repos, batch.rows, { ...ctx, dryRun: true });
        await repos.imports.insertRowResults(
          importId,
          results.map((result, index) => ({
            row_number: result.row,
            result: result.result,
            errors: errorsForStore(result.errors),
            brand: (batch.rows[index]!.values.brand ?? '').slice(0, 200),
            number: (batch.rows[index]!.values.number ?? '').slice(0, 200),
            brand_id: result.brand_id ?? null,
            number_key: result.number_key ?? null,
            row_key: result.row_key ?? null,
          })),
        );
      }
      await repos.imports.markDuplicates(importId);
      await repos.imports.finishCheck(importId, total);
    } catch (error) {
      await failWith(importId, error);
    }
  }

  async function failWith(importId: number, error: unknown) {
    const message =
      error instanceof AppError
        ? translate(error.messageKey, 'en', error.params)
        : 'the import stopped on an unexpected error';
    if (!(error instanceof AppError)) logger.error({ err: error, importId }, 'import failed');
    await repos.imports.setState(importId, 'failed', message);
  }

  /** The import's account, for a job that carries only the id. */
  async function accountOf(importId: number): Promise<number> {
    return (await repos.imports.accountOfImport(importId)) ?? -1;
  }

  const sliceMs = () => (config.importJobExpireSeconds * 1000) / 4;

  /**
   * One slice of a commit: batches from the checkpoint on, each in one transaction with its
   * checkpoint; after a quarter of the job's expiry it hands over to a new job, so no job runs
   * long enough to be taken for dead. A process killed mid-slice leaves the job active until it
   * expires; pg-boss then retries it and the retry resumes from the last checkpoint.
   */
  async function runCommitSlice(importId: number, retryCount: number) {
    const record = await repos.imports.find(await accountOf(importId), importId);
    if (!record || (record.state !== 'queued' && record.state !== 'running')) return;
    const started = Date.now();
    let done = record.rowsDone;
    const counts: ImportCounts = { ...EMPTY_COUNTS, ...(record.counts as ImportCounts) };
    try {
      const ctx = await contextOf(record);
      for await (const batch of batches(record, done)) {
        await yieldToRequests();
        const first = batch.rows[0]?.row ?? 0;
        const last = batch.rows.at(-1)?.row ?? 0;
        const duplicates =
          batch.rows.length > 0 ? await repos.imports.duplicateRows(importId, first, last) : new Map();
        const batchStarted = Date.now();
        let written: RowResult[] = [];
        await transaction(async (tx) => {
          const results =
            batch.rows.length > 0
              ? await UPSERTS[record.kind as ImportKind](tx, batch.rows, { ...ctx, duplicates })
              : [];
          const next = { ...counts };
          for (const result of results) next[result.result]++;
          if (!(await tx.imports.checkpoint(importId, done, done + batch.consumed, next, batch.endByte)))
            throw new StaleCheckpoint();
          Object.assign(counts, next);
          written = results;
        });
        done += batch.consumed;
        // Inside the rest below in effect: the buyers' searches need the statistics more than
        // the import needs the time. A failed ANALYZE never fails the import (autovacuum remains).
        await statistics
          .written(rowsWritten(record.kind as ImportKind, written))
          .catch((error: unknown) =>
            logger.warn({ err: error, importId }, 'analyze after an import batch failed'),
          );
        // Rest in proportion to the batch's work, so a long commit leaves the cores to the buyers
        // for part of the time instead of holding them end to end (IMPORT_COMMIT_YIELD).
        const rest = (Date.now() - batchStarted) * deps.config.importCommitYield;
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(rest, 2000)));
        if (Date.now() - started > sliceMs()) {
          await sendCommit(importId);
          return;
        }
      }
      await transaction(async (tx) => {
        const state = await tx.imports.lock(importId);
        if (!state || (state.state !== 'queued' && state.state !== 'running') || state.rowsDone !== done) {
          throw new StaleCheckpoint();
        }
        const deactivated =
          record.mode === 'full' && record.kind === 'products'
            ? await tx.imports.deactivateMissing(record.accountId, importId, record.brandIds)
            : 0;
        // One entry per committed import, with the import: the file's hash, the counts by result
        // and where its per-row report is (issue 14 item 6; a bulk sync is not one row per product).
        await tx.audit.record({
          accountId: record.accountId,
          actor: (record.committedBy as AuditActor | null) ?? {
            kind: 'system',
            id: null,
            name: 'import job',
            ip: '',
          },
          action: 'import.commit',
          entity: 'import',
          entityId: importId,
          details: {
            kind: record.kind,
            mode: record.mode,
            filename: record.filename,
            file_sha256: record.sha256,
            rows: done,
            counts,
            deactivated,
            report: `${IMPORT_REPORT_PATH}/${importId}`,
          },
        });
        await tx.imports.setState(importId, 'done');
        // The webhook event (issue 13 item 5), last: the outbox's lock is held until COMMIT.
        await tx.outbox.append(
          importFinishedEvent(record.accountId, {
            import_id: importId,
            kind: record.kind,
            mode: record.mode,
            filename: record.filename,
            rows: done,
            counts,
            deactivated,
          }),
        );
      });
    } catch (error) {
      if (error instanceof StaleCheckpoint) return;
      if (retryCount >= RETRY_LIMIT) await failWith(importId, error);
      throw error;
    }
  }

  const sendCommit = (importId: number, tx?: Parameters<Parameters<typeof transaction>[0]>[1]) =>
    jobs.send(
      COMMIT_QUEUE,
      { importId },
      {
        retryLimit: RETRY_LIMIT,
        retryDelaySeconds: 2,
        expireInSeconds: config.importJobExpireSeconds,
        ...(tx ? { tx } : {}),
      },
    );

  const resultName: Record<RowResultKind, MessageKey> = {
    created: 'catalogImportResultCreated',
    updated: 'catalogImportResultUpdated',
    unchanged: 'catalogImportResultUnchanged',
    error: 'catalogImportResultError',
  };

  const describeErrors = (errors: RowResultWrite['errors'], language: Language) =>
    (errors ?? []).map((error) => ({
      field: error.field,
      message_key: error.message_key,
      message: translate(error.message_key as MessageKey, language, error.params ?? {}),
    }));

  return {
    async uploadFile(
      actor: ImportActor,
      stream: Readable | AsyncIterable<Buffer>,
      meta: { filename: string; kind: ImportKind },
    ) {
      const stored = await storeUpload(repos.imports, {
        accountId: actor.accountId,
        filename: meta.filename,
        stream,
        maxBytes: config.importMaxBytes,
      });
      let headers: string[];
      try {
        headers = await readHeaders(openStoredFile(repos.imports, stored.fileId), stored.format);
        if (headers.length === 0 || headers.every((header) => header === '')) {
          throw new AppError(ResultCode.validation, 'catalogImportEmpty');
        }
      } catch (error) {
        await repos.imports.deleteFile(stored.fileId);
        throw error;
      }
      const importId = await repos.imports.createImport({
        accountId: actor.accountId,
        fileId: stored.fileId,
        kind: meta.kind,
        headers: headers.map((header) => header.slice(0, 200)),
        createdBy: actor.who,
      });
      return {
        ...toStatus(await load(actor, importId)),
        mapping: await suggestMapping(actor, meta.kind, headers),
      };
    },

    template: (kind: ImportKind, language: Language) => templateXlsx(kind, language),

    async suggestMapping(actor: ImportActor, kind: ImportKind, headers: readonly string[]) {
      return { mapping: await suggestMapping(actor, kind, headers) };
    },

    async dryRun(
      actor: ImportActor,
      input: { import_id: number; mapping: ReadonlyArray<string | null>; mode: ImportMode },
    ) {
      const record = await load(actor, input.import_id);
      if (
        !['uploaded', 'checked', 'failed'].includes(record.state) ||
        (record.state === 'failed' && record.startedAt)
      ) {
        throw badState(record.state);
      }
      const kind = record.kind as ImportKind;
      if (input.mode === 'full' && kind !== 'products') {
        throw new AppError(ResultCode.validation, 'catalogImportBadMapping', { fields: 'mode' });
      }
      const columns = checkMapping(kind, record.headers, input.mapping);
      const remembered: Record<string, string> = {};
      for (const [column, field] of Object.entries(columns))
        remembered[fold(record.headers[Number(column)] ?? '')] = field;
      await repos.imports.rememberMapping(actor.accountId, kind, remembered);
      await repos.imports.startCheck(record.id, columns, input.mode);
      await jobs.send(
        CHECK_QUEUE,
        { importId: record.id },
        {
          retryLimit: 2,
          // A dry run starts over when retried; one of 1,000,000 rows takes minutes, not 15.
          expireInSeconds: 900,
        },
      );
      return toStatus(await load(actor, record.id));
    },

    async commit(actor: ImportActor, importId: number) {
      await transaction(async (tx, db) => {
        const state = await tx.imports.lock(importId);
        const record = await tx.imports.find(actor.accountId, importId);
        if (!state || !record) throw new AppError(ResultCode.notFound, 'catalogImportNotFound');
        // A commit that failed (its retries used up) is queued again from its checkpoint.
        const resume = state.state === 'failed' && record.startedAt !== null;
        if (state.state !== 'checked' && !resume) throw badState(state.state);
        await tx.imports.queueCommit(importId, actor.audit, resume);
        // In the same transaction: the import is queued exactly when its job exists.
        await sendCommit(importId, db);
      });
      return toStatus(await load(actor, importId));
    },

    status: async (actor: ImportActor, importId: number) => toStatus(await load(actor, importId)),

    list: async (actor: ImportActor) => (await repos.imports.list(actor.accountId, 100)).map(toStatus),

    async rows(
      actor: ImportActor,
      input: { import_id: number; page: number; rows: number; errors_only: boolean },
      language: Language,
    ) {
      await load(actor, input.import_id);
      const page = await repos.imports.rowPage(input.import_id, input.page, input.rows, input.errors_only);
      return {
        total: page.total,
        rows: page.rows.map((row) => ({
          row: row.rowNumber,
          result: row.result as RowResultKind,
          brand: row.brand,
          number: row.number,
          ...(row.errors ? { errors: describeErrors(row.errors, language) } : {}),
        })),
      };
    },

    /** The dry run's per-row report as xlsx; every cell that could start a formula is neutralised. */
    async report(actor: ImportActor, importId: number, language: Language): Promise<Buffer> {
      await load(actor, importId);
      const header = [
        translate('catalogImportReportRow', language),
        IMPORT_FIELD_LABELS.brand[language],
        IMPORT_FIELD_LABELS.number[language],
        translate('catalogImportReportResult', language),
        translate('catalogImportReportErrors', language),
      ];
      const lines: string[][] = [];
      let after = 0;
      while (lines.length < MAX_REPORT_ROWS) {
        const page = await repos.imports.rowsAfter(importId, after, 5_000);
        if (page.length === 0) break;
        for (const row of page) {
          lines.push([
            String(row.rowNumber),
            row.brand,
            row.number,
            translate(resultName[row.result as RowResultKind], language),
            describeErrors(row.errors, language)
              .map((error) => `${error.field}: ${error.message}`)
              .join('; '),
          ]);
        }
        after = page.at(-1)!.rowNumber;
      }
      return reportXlsx(header, lines);
    },

    /** Starts this process's workers for the import jobs (dry runs and commit slices). */
    async startWorkers() {
      await jobs.work<{ importId: number }>(CHECK_QUEUE, (data) => runCheck(data.importId));
      await jobs.work<{ importId: number }>(COMMIT_QUEUE, (data, job) =>
        runCommitSlice(data.importId, job.retryCount),
      );
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
