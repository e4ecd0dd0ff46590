import { describe, expect, it } from 'vitest';
import { computeFreight, type FreightTariff } from './freight.service';

const tariff = (overrides: Partial<FreightTariff> = {}): FreightTariff => ({
  firstWeightKg: '1.0000',
  firstPrice: '12.0000',
  additionalWeightKg: '1.0000',
  additionalPrice: '2.0000',
  volumetricDivisor: 6000,
  minimumCharge: '0.0000',
  ...overrides,
});

describe('computeFreight', () => {
  it('charges first weight plus whole additional steps on the actual weight rounded up to 0.5 kg', () => {
    // 3 × 1.2 kg = 3.6 kg; 3 × 0.001 m³ = 3000 cm³ / 6000 = 0.5 kg; chargeable 4.0 kg;
    // 12 + ceil((4 − 1) / 1) × 2 = 18.
    expect(computeFreight([{ weight: '1.2000', volumn: '0.0010', qty: 3 }], tariff())).toEqual({
      weight_kg: '3.600',
      volumetric_kg: '0.500',
      chargeable_kg: '4.000',
      price: '18.00',
    });
  });

  it('charges the volumetric weight when it is larger', () => {
    // 0.05 m³ = 50,000 cm³ / 5000 = 10 kg > 2 kg; 180 + ceil((10 − 0.5) / 0.5) × 60 = 180 + 19 × 60 = 1320.
    const figures = computeFreight(
      [{ weight: '2', volumn: '0.05', qty: 1 }],
      tariff({
        firstWeightKg: '0.5',
        firstPrice: '180',
        additionalWeightKg: '0.5',
        additionalPrice: '60',
        volumetricDivisor: 5000,
      }),
    );
    expect(figures).toEqual({
      weight_kg: '2.000',
      volumetric_kg: '10.000',
      chargeable_kg: '10.000',
      price: '1320.00',
    });
  });

  it('counts a product without weight as 0.5 kg and ignores volume when the divisor is 0', () => {
    // 3 × 0.5 kg = 1.5 kg, within the 30 kg first weight → the first price.
    const figures = computeFreight(
      [{ weight: null, volumn: '2.0000', qty: 3 }],
      tariff({
        firstWeightKg: '30',
        firstPrice: '45',
        additionalPrice: '1.2',
        volumetricDivisor: 0,
        minimumCharge: '45',
      }),
    );
    expect(figures).toEqual({
      weight_kg: '1.500',
      volumetric_kg: '0.000',
      chargeable_kg: '1.500',
      price: '45.00',
    });
  });

  it('raises the price to the minimum charge', () => {
    // 10 kg within the first 100 kg → 700, below the 800 minimum.
    const figures = computeFreight(
      [{ weight: '10', volumn: null, qty: 1 }],
      tariff({
        firstWeightKg: '100',
        firstPrice: '700',
        additionalPrice: '3',
        volumetricDivisor: 1000,
        minimumCharge: '800',
      }),
    );
    expect(figures.price).toBe('800.00');
    expect(figures.chargeable_kg).toBe('10.000');
  });

  it('adds weights in decimal, not binary floats (0.1 × 3 + 0.2 is exactly 0.5 kg)', () => {
    // With floats the sum is 0.5000000000000001 and would round up to 1.0 kg → 25.00.
    const figures = computeFreight(
      [
        { weight: '0.1', volumn: null, qty: 3 },
        { weight: '0.2', volumn: null, qty: 1 },
      ],
      tariff({ firstWeightKg: '0.5', firstPrice: '20', additionalWeightKg: '0.5', additionalPrice: '5' }),
    );
    expect(figures).toEqual({
      weight_kg: '0.500',
      volumetric_kg: '0.000',
      chargeable_kg: '0.500',
      price: '20.00',
    });
  });

  it('rounds a fractional step count up and the money half up to 2 decimals', () => {
    // 1.75 kg → 2.0 kg; ceil((2 − 1) / 0.3) = 4 steps; 10.005 + 4 × 1.3333 = 15.3382 → 15.34.
    // Volume 0.001 m³ / 6000 = 0.1666… kg → shown as 0.167.
    const figures = computeFreight(
      [{ weight: '1.75', volumn: '0.001', qty: 1 }],
      tariff({ firstPrice: '10.005', additionalWeightKg: '0.3', additionalPrice: '1.3333' }),
    );
    expect(figures).toEqual({
      weight_kg: '1.750',
      volumetric_kg: '0.167',
      chargeable_kg: '2.000',
      price: '15.34',
    });
  });

  it('treats an additional step of 0 kg as a flat rate above the first weight', () => {
    const figures = computeFreight(
      [{ weight: '7', volumn: null, qty: 1 }],
      tariff({ additionalWeightKg: '0', additionalPrice: '99' }),
    );
    expect(figures.price).toBe('12.00');
  });

  it('charges exactly the first price at exactly the first weight', () => {
    expect(computeFreight([{ weight: '0.5', volumn: null, qty: 2 }], tariff()).price).toBe('12.00');
  });
});
