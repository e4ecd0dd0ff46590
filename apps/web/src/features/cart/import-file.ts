import { MAX_IMPORT_BYTES } from '@partsportal/contract/cart';

/** Spec §5/§9: xls or xlsx, at most 5 MB. Checked before uploading; the server checks again. */
export type ImportFileProblem = 'type' | 'size' | null;

export function checkImportFile(file: { name: string; size: number }): ImportFileProblem {
  if (!/\.(xlsx?)$/i.test(file.name.trim())) return 'type';
  if (file.size > MAX_IMPORT_BYTES) return 'size';
  return null;
}
