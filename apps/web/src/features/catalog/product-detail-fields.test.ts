import { describe, expect, it } from 'vitest';
import { detailTitle, VEHICLE_FIELDS } from './product-detail-fields';

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
