import { isValidPhone } from '@partsportal/contract/addresses-rules';
import { describe, expect, it } from 'vitest';

describe('phone rule of the address form', () => {
  it.each([
    '13826541234',
    '19912345678',
    '+8613826541234',
    '008613826541234',
    '138 2654 1234',
    '138-2654-1234',
    ' +86 138-2654-1234 ',
    '+52 81 8123 4567',
    '+34 612 345 678',
    '+12025550123',
    '+4915112345678',
  ])('accepts %s', (phone) => expect(isValidPhone(phone)).toBe(true));

  it.each([
    '',
    '12826541234', // mainland mobiles start 13–19
    '1382654123', // 10 digits
    '138265412345', // 12 digits
    '+86 12826541234',
    '86 13826541234', // a country code needs + or 00
    '+1234567', // 7 digits: too short for E.164
    '+1234567890123456', // 16 digits: too long
    '+0123456789', // no country code starts with 0
    '010-12345678', // a landline
    '138.2654.1234', // dots are not ignored
    '1382654123x',
    '+52 (81) 8123 4567', // parentheses are not ignored
  ])('refuses %s', (phone) => expect(isValidPhone(phone)).toBe(false));
});
