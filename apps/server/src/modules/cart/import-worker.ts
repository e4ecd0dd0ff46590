/**
 * Worker-thread entry that parses one uploaded spreadsheet. It runs apart from the server's
 * event loop under resourceLimits and a deadline (spreadsheet-reader.ts), so a hostile or
 * huge file can cost at most one worker, never the server. Bundled as dist/import-worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { read, utils } from '@e965/xlsx';
import type { SheetCell } from './sheet-rows';
import { readZipDirectory, scanXmlParts, type SpreadsheetKind } from './spreadsheet-guard';

/** Header search rows + 5,000 data rows + slack; rows past it are never materialized. */
export const MAX_SHEET_ROWS = 10_001;

export type WorkerAnswer =
  | {
      ok: true;
      rows: SheetCell[][];
      firstRow: number;
      /** With `formulas`: the [row, column] indexes into `rows` of the cells holding a formula. */
      formulaCells?: Array<[number, number]>;
    }
  | { ok: false; reason: string };

/**
 * `formulas`: also say which cells hold a formula (the back office's names import refuses them:
 * the value a formula last computed is no name anyone typed).
 */
function parse(buffer: Buffer, kind: SpreadsheetKind, formulas = false): WorkerAnswer {
  if (kind === 'xlsx') scanXmlParts(buffer, readZipDirectory(buffer));
  const workbook = read(buffer, {
    type: 'buffer',
    dense: true,
    // Values only (formula texts only when asked for): no rich text/HTML, no formatted text, no macros.
    cellFormula: formulas,
    cellHTML: false,
    cellText: false,
    cellStyles: false,
    bookVBA: false,
    sheetRows: MAX_SHEET_ROWS,
  });
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet?.['!ref']) return { ok: true, rows: [], firstRow: 1 };
  const rows = utils.sheet_to_json<SheetCell[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  const range = utils.decode_range(sheet['!ref']);
  const firstRow = range.s.r + 1;
  const formulaCells: Array<[number, number]> = [];
  if (formulas) {
    (sheet['!data'] ?? []).forEach((cells, r) =>
      cells?.forEach((cell, c) => {
        if (cell?.f !== undefined) formulaCells.push([r - range.s.r, c - range.s.c]);
      }),
    );
  }
  return {
    ok: true,
    ...(formulas ? { formulaCells } : {}),
    // Dates and other objects become text; only strings, numbers, booleans and null cross over.
    rows: rows.map((row) =>
      row.map((cell) => (cell === null || typeof cell !== 'object' ? cell : String(cell))),
    ),
    firstRow,
  };
}

interface WorkerInput {
  buffer: Uint8Array;
  kind: SpreadsheetKind;
  formulas?: boolean;
}

function answer(input: WorkerInput): WorkerAnswer {
  try {
    return parse(
      Buffer.from(input.buffer.buffer, input.buffer.byteOffset, input.buffer.byteLength),
      input.kind,
      input.formulas,
    );
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'unknown' };
  }
}

// Two ways in. A warm worker (spreadsheet-reader.ts) is started before any upload arrives, so
// module loading is paid ahead of time; it waits for exactly one file, answers and is
// terminated (one file per worker: no state survives from one upload to the next). A worker
// given the file in workerData parses it at once (the bench starts workers that way).
const given = workerData as WorkerInput | null | undefined;
if (given?.buffer) {
  parentPort?.postMessage(answer(given));
} else {
  parentPort?.once('message', (input: WorkerInput) => parentPort?.postMessage(answer(input)));
}
