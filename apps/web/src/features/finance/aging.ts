import { AGING_BUCKETS, type AgingBucket, type PaymentDays } from '@partsportal/contract/finance';

export interface AgingBar {
  bucket: AgingBucket;
  /** Locale key of the bucket's label. */
  labelKey: string;
  amount: string;
  /** Share of the total due, 0–100 (for the stacked bar); 0 when nothing is due. */
  percent: number;
  /** Tone of the card / bar segment: current is fine, the older the redder. */
  tone: 'ok' | 'warn' | 'late' | 'bad' | 'worst';
}

const TONES: Record<AgingBucket, AgingBar['tone']> = {
  current: 'ok',
  d1_30: 'warn',
  d31_60: 'late',
  d61_90: 'bad',
  over_90: 'worst',
};

/**
 * The five aging buckets in their fixed order (current, 1–30, 31–60, 61–90, > 90) with each
 * one's share of the sum. Shares are rounded to one decimal; a negative or unreadable amount
 * counts as 0 so the bar never grows backwards.
 */
export function agingBars(buckets: PaymentDays['buckets']): AgingBar[] {
  const values = AGING_BUCKETS.map((bucket) => {
    const value = Number(buckets[bucket]);
    return Number.isFinite(value) && value > 0 ? value : 0;
  });
  const sum = values.reduce((a, b) => a + b, 0);
  return AGING_BUCKETS.map((bucket, index) => ({
    bucket,
    labelKey: `paymentDays.bucket.${bucket}`,
    amount: buckets[bucket],
    percent: sum > 0 ? Math.round(((values[index] ?? 0) / sum) * 1000) / 10 : 0,
    tone: TONES[bucket],
  }));
}

/** How an open item's days read: not due yet (≤ 0), or overdue by n days. */
export function overdueLabel(days: number): {
  key: 'paymentDays.notDue' | 'paymentDays.overdueDays';
  count: number;
} {
  return days <= 0
    ? { key: 'paymentDays.notDue', count: Math.abs(days) }
    : { key: 'paymentDays.overdueDays', count: days };
}
