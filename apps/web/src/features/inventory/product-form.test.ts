import { describe, expect, it } from 'vitest';
import type { InventoryProduct } from '@partsportal/contract/inventory';
import { changedProductFields, toProductForm } from './product-form';

const product: InventoryProduct = {
  id: 7,
  number: '0986-494-123',
  brand_id: 2,
  brand: 'BOSCH',
  name_zh: '刹车片',
  name_en: 'Brake pad',
  name_es: 'Pastilla de freno',
  part_type_id: 3,
  remark: '',
  unit: 'SET',
  weight: '1.25',
  buy_qty: 0,
  price: '12.50',
  is_new: false,
  is_active: true,
  pro_params: [{ name: 'Width', value: '131 mm' }],
  numbers: [],
  fitments: 4,
  pictures: 1,
  files: [],
  links: { replaced_by: [], replaces: [], substitutes: [] },
};

describe('changedProductFields', () => {
  it('is empty when nothing changed, also for the same amount spelled differently', () => {
    const form = toProductForm(product);
    expect(
      changedProductFields(form, { ...form, price: '12.5', weight: '1.250', name_en: ' Brake pad ' }),
    ).toEqual({});
  });

  it('sends only the changed fields, trimmed; an emptied weight and part type become null', () => {
    const form = toProductForm(product);
    expect(
      changedProductFields(form, {
        ...form,
        name_en: ' Brake pad set ',
        price: '13',
        weight: '',
        part_type_id: undefined as unknown as null,
        pro_params: [],
      }),
    ).toEqual({ name_en: 'Brake pad set', price: '13', weight: null, part_type_id: null, pro_params: [] });
  });
});
