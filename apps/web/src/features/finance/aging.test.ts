import { describe, expect, it } from 'vitest';
import { agingBars, overdueLabel } from './aging';

describe('aging buckets', () => {
  it('lists the five buckets in order with shares of the total', () => {
    const bars = agingBars({
      current: '600.00',
      d1_30: '300.00',
      d31_60: '100.00',
      d61_90: '0.00',
      over_90: '0.00',
    });
    expect(bars.map((b) => b.bucket)).toEqual(['current', 'd1_30', 'd31_60', 'd61_90', 'over_90']);
    expect(bars.map((b) => b.percent)).toEqual([60, 30, 10, 0, 0]);
    expect(bars.map((b) => b.tone)).toEqual(['ok', 'warn', 'late', 'bad', 'worst']);
    expect(bars[4]?.labelKey).toBe('paymentDays.bucket.over_90');
    expect(bars[0]?.amount).toBe('600.00');
  });

  it('shows zero shares when nothing is due and ignores negative amounts', () => {
    expect(
      agingBars({ current: '0', d1_30: '0', d31_60: '0', d61_90: '0', over_90: '0' }).every(
        (b) => b.percent === 0,
      ),
    ).toBe(true);
    const bars = agingBars({ current: '-50', d1_30: '1', d31_60: '0', d61_90: '0', over_90: '0' });
    expect(bars[0]?.percent).toBe(0);
    expect(bars[1]?.percent).toBe(100);
  });

  it('rounds shares to one decimal', () => {
    const bars = agingBars({ current: '1', d1_30: '1', d31_60: '1', d61_90: '0', over_90: '0' });
    expect(bars.slice(0, 3).map((b) => b.percent)).toEqual([33.3, 33.3, 33.3]);
  });

  it('labels days overdue', () => {
    expect(overdueLabel(16)).toEqual({ key: 'paymentDays.overdueDays', count: 16 });
    expect(overdueLabel(0)).toEqual({ key: 'paymentDays.notDue', count: 0 });
    expect(overdueLabel(-12)).toEqual({ key: 'paymentDays.notDue', count: 12 });
  });
});
