import { describe, expect, it } from 'vitest';
import { detailTitle, trimDecimal, VEHICLE_FIELDS } from './product-detail-fields';

describe('product detail', () => {
  const product = { part_name: 'Brake pad set', number: '0 986 494 123', my_number: 'BP-7' };
  it('titles with our number, or the customer number when the user switch is on and one exists', () => {
    expect(detailTitle(product, false)).toBe('Brake pad set 0 986 494 123');
    expect(detailTitle(product, true)).toBe('Brake pad set BP-7');
    expect(detailTitle({ ...product, my_number: '' }, true)).toBe('Brake pad set 0 986 494 123');
  });
  it('lists all 14 vehicle classification fields of spec §3', () => {
    expect(VEHICLE_FIELDS).toHaveLength(14);
    expect(VEHICLE_FIELDS[0]).toBe('m1_name');
    expect(VEHICLE_FIELDS.at(-1)).toBe('m3_year');
  });
});

describe('trimDecimal', () => {
  it('drops trailing zeros and a bare point, keeps everything else', () => {
    expect(trimDecimal('1.5840')).toBe('1.584');
    expect(trimDecimal('2.0000')).toBe('2');
    expect(trimDecimal('0.0047')).toBe('0.0047');
    expect(trimDecimal('10')).toBe('10');
    expect(trimDecimal('100.0500')).toBe('100.05');
    expect(trimDecimal('-0.5000')).toBe('-0.5');
    expect(trimDecimal('')).toBe('');
  });
});
