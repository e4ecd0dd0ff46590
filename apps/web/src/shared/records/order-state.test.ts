import { describe, expect, it } from 'vitest';
import { deliveryPercent, formatDeliveryRate } from './order-state';

describe('delivery rate', () => {
  it('is a 0–100 number for the bar', () => {
    expect(deliveryPercent('37.50')).toBe(37.5);
    expect(deliveryPercent('0.00')).toBe(0);
    expect(deliveryPercent('100.0000')).toBe(100);
    expect(deliveryPercent('120')).toBe(100);
    expect(deliveryPercent('garbage')).toBe(0);
  });

  it('is written in the user language with at most two decimals', () => {
    expect(formatDeliveryRate('97.37', 'en')).toBe('97.37%');
    expect(formatDeliveryRate('85.5000', 'es').replace('\u00a0', ' ')).toBe('85,5 %');
    expect(formatDeliveryRate('100.00', 'zh')).toBe('100%');
  });
});
