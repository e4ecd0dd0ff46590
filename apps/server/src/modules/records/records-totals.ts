import type { RecordTotals } from '@partsportal/contract/records';

/** The list's `total`: the per-currency counts added up (one aggregate query answers both). */
export const totalOf = (totals: readonly RecordTotals[]) =>
  totals.reduce((sum, entry) => sum + entry.records, 0);
