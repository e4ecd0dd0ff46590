import { MAX_BATCH_LINES, type MatchResult } from '@partsportal/contract/cart';
import type { Language } from '@partsportal/contract/codes';
import { utils, write } from '@e965/xlsx';
import type { AuthContext } from '../../platform/auth-context';
import { refused } from '../../platform/errors';
import type { PartMatchingService } from './part-matching.service';
import { sheetToLines } from './sheet-rows';
import { kindByExtension, kindByMagic, readZipDirectory, SpreadsheetRejected } from './spreadsheet-guard';
import type { SpreadsheetReader } from './spreadsheet-reader';

export interface Upload {
  filename: string;
  buffer: Buffer;
}

/**
 * /Web/ImportBill: checks in order of cost — extension, magic bytes, zip directory (in this
 * thread, no inflating), then the worker (XML parts, SheetJS) — and hands the rows to the same
 * matching as pasted text.
 */
export function createImportBillService(deps: { matching: PartMatchingService; reader: SpreadsheetReader }) {
  let template: Buffer | null = null;

  return {
    async importBill(auth: AuthContext, upload: Upload, language: Language): Promise<MatchResult> {
      const kind = kindByExtension(upload.filename);
      if (!kind) throw refused('importWrongExtension');
      if (kindByMagic(upload.buffer) !== kind) throw refused('importWrongType');
      if (kind === 'xlsx') {
        try {
          readZipDirectory(upload.buffer);
        } catch (error) {
          if (error instanceof SpreadsheetRejected) throw refused('importExcelException');
          throw error;
        }
      }
      const read = await deps.reader.read(upload.buffer, kind);
      if (!read.ok) throw refused('importExcelException');
      const sheet = sheetToLines(read.rows, read.firstRow);
      if (!sheet.ok) throw refused(sheet.message);
      if (sheet.lines.length > MAX_BATCH_LINES) throw refused('importTooManyLines', { max: MAX_BATCH_LINES });
      return deps.matching.matchLines(auth, sheet.lines, language);
    },

    /** The import template: the three column names and one example row. */
    template(): Buffer {
      if (!template) {
        const sheet = utils.aoa_to_sheet([
          ['number', 'qty', 'remark'],
          ['04465-33450', 4, 'front brake pads'],
        ]);
        sheet['!cols'] = [{ wch: 20 }, { wch: 8 }, { wch: 30 }];
        const book = utils.book_new();
        utils.book_append_sheet(book, sheet, 'import');
        template = write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      }
      return template;
    },
  };
}

export type ImportBillService = ReturnType<typeof createImportBillService>;
