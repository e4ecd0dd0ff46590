import { describe, expect, it } from 'vitest';
import type { Area } from '@partsportal/contract/addresses';
import { countryOptions, receivingAreaOptions } from './area-tree';

const areas: Area[] = [
  { id: 1, name: 'Asia', level: 1, parent_id: null },
  { id: 0, name: '', level: 2, parent_id: null },
  { id: 2, name: 'China', level: 2, parent_id: 1 },
  { id: 49, name: 'Japan', level: 2, parent_id: 1 },
  { id: 3, name: 'Beijing', level: 3, parent_id: 2 },
  { id: 21, name: 'Anhui', level: 3, parent_id: 2 },
  { id: 22, name: 'Hefei', level: 4, parent_id: 21 },
];

describe('area tree', () => {
  it('offers level-2 countries without the blank id-0 entry, sorted', () => {
    expect(countryOptions(areas)).toEqual([
      { value: 2, label: 'China' },
      { value: 49, label: 'Japan' },
    ]);
  });
  it('nests provinces and cities under their country by parent_id', () => {
    expect(receivingAreaOptions(areas)).toEqual([
      {
        value: 2,
        label: 'China',
        children: [
          { value: 21, label: 'Anhui', children: [{ value: 22, label: 'Hefei' }] },
          { value: 3, label: 'Beijing' },
        ],
      },
      { value: 49, label: 'Japan' },
    ]);
  });
});
