import { cloneElement, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
// Not part of antd's public index, but the only way to know we are inside its measuring row.
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';

/**
 * antd copies every column title into a hidden `aria-hidden` row it uses to measure column
 * widths. A select-all checkbox copied there is a focusable control inside aria-hidden
 * (axe `aria-hidden-focus`); this title leaves the copy out and labels the real checkbox in
 * the user's language (antd's own label is the English "Select all").
 */
function SelectAllTitle({ checkbox, label }: { checkbox: ReactNode; label: string }) {
  const inMeasureRow = useContext(TableMeasureRowContext);
  if (inMeasureRow) return null;
  return isValidElement(checkbox)
    ? cloneElement(checkbox as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': label })
    : checkbox;
}

/** For `rowSelection.columnTitle`. */
export function selectAllTitle(label: string) {
  return (checkbox: ReactNode) => <SelectAllTitle checkbox={checkbox} label={label} />;
}

/**
 * A header for a column without a visible title (the row-expand column): data cells with
 * content need a header with text (axe `td-has-header`); screen readers read it, nobody sees it.
 */
export function hiddenColumnTitle(label: string) {
  return <span className="sr-only">{label}</span>;
}
