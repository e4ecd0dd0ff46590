import { describe, expect, it } from 'vitest';
import { fieldLabel, fileSize, fitMapping, mappingProblems } from './import-mapping';

describe('import column mapping', () => {
  it('keeps only fields of the kind, one entry per header', () => {
    expect(fitMapping('stock', ['Brand', 'Number', 'Price', 'Extra'], ['brand', 'number', 'price'])).toEqual([
      'brand',
      'number',
      null,
      null,
    ]);
  });

  it('names the required fields without a column and the fields chosen twice', () => {
    expect(mappingProblems('products', ['brand', 'number', null, 'number'])).toEqual({
      missing: ['price'],
      duplicate: ['number'],
    });
    expect(mappingProblems('prices', ['number', 'brand'])).toEqual({ missing: [], duplicate: [] });
  });

  it('labels fields in the reader language and sizes files', () => {
    expect(fieldLabel('cross_numbers', 'zh')).toBe('互换号');
    expect(fieldLabel('unknown', 'en')).toBe('unknown');
    expect(fileSize(2_500_000)).toBe('2.4 MB');
  });
});
