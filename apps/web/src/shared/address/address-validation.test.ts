import { describe, expect, it } from 'vitest';
import type { Area } from '@partsportal/contract/addresses';
import { isValidPhone } from '@partsportal/contract/addresses-rules';
import { areaPath, toAddressFields, validateAddress, type AddressFormValues } from './address-validation';

const valid: AddressFormValues = {
  caption: ' Warehouse ',
  contact_name: ' Li Lei ',
  area: [2, 21, 22],
  address: ' 1 Road ',
  phone: '13812345678',
  is_default: false,
};

describe('phone rule', () => {
  it.each([
    '13812345678',
    '+8613812345678',
    '008613812345678',
    '138 1234 5678',
    '+34612345678',
    '+4915112345678',
  ])('accepts %s', (phone) => expect(isValidPhone(phone)).toBe(true));
  it.each([
    '12812345678',
    '1381234567',
    '+86010123456',
    '+0123456789',
    '+1234567',
    '+1234567890123456',
    '0612345678',
    'abc',
  ])('refuses %s', (phone) => expect(isValidPhone(phone)).toBe(false));
});

describe('address validation order', () => {
  it('checks recipient, region, address, phone presence, then the phone rule', () => {
    const empty: AddressFormValues = {
      caption: '',
      contact_name: ' ',
      area: [],
      address: '',
      phone: '',
      is_default: false,
    };
    const keys = (values: AddressFormValues) => validateAddress(values).map((p) => p.messageKey);
    expect(keys(empty)).toEqual([
      'address.contactRequired',
      'address.areaRequired',
      'address.detailRequired',
      'address.phoneRequired',
    ]);
    expect(validateAddress({ ...empty, contact_name: 'A' }).map((p) => p.field)).toEqual([
      'area',
      'address',
      'phone',
    ]);
    expect(validateAddress({ ...empty, contact_name: 'A', area: [0] })[0]?.field).toBe('area');
    expect(validateAddress({ ...empty, contact_name: 'A', area: [2] })[0]?.field).toBe('address');
    expect(keys({ ...empty, contact_name: 'A', area: [2], address: 'x' })).toEqual(['address.phoneRequired']);
    expect(keys({ ...valid, phone: '12345' })).toEqual(['address.phoneInvalid']);
    expect(keys({ ...empty, phone: '12345' })).toEqual([
      'address.contactRequired',
      'address.areaRequired',
      'address.detailRequired',
      'address.phoneInvalid',
    ]);
    expect(validateAddress(valid)).toEqual([]);
  });

  it('sends trimmed fields and the last cascader level', () => {
    expect(toAddressFields(valid)).toEqual({
      caption: 'Warehouse',
      contact_name: 'Li Lei',
      area_id: 22,
      address: '1 Road',
      phone: '13812345678',
      is_default: false,
    });
  });

  it('finds the cascader path of an area from its country down', () => {
    const areas: Area[] = [
      { id: 1, name: 'Asia', level: 1, parent_id: null },
      { id: 2, name: 'China', level: 2, parent_id: 1 },
      { id: 21, name: 'Anhui', level: 3, parent_id: 2 },
      { id: 22, name: 'Hefei', level: 4, parent_id: 21 },
    ];
    expect(areaPath(22, areas)).toEqual([2, 21, 22]);
    expect(areaPath(2, areas)).toEqual([2]);
    expect(areaPath(99, areas)).toEqual([]);
  });
});
