/** One line of the results table: a figure, its same-run baseline and its target. */
export interface Row {
  scenario: string;
  metric: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
  target?: string;
  pass?: boolean;
}

export const rows: Row[] = [];
/** Free-form sections (EXPLAIN plans …) appended below the table. */
export const notes: string[] = [];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
