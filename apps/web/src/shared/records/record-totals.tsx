import { useTranslation } from 'react-i18next';
import type { RecordTotals } from '@partsportal/contract/records';
import { useFormatMoney } from '../format/use-format-money';

/** Totals over the whole filter, one line per currency (never summed across currencies). */
export function RecordTotalsLine({ totals }: { totals: readonly RecordTotals[] }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  if (totals.length === 0) return null;
  return (
    <div className="record-totals" data-testid="record-totals">
      <strong>{t('recordList.totals')}</strong>
      {totals.map((line) => (
        <span key={line.currency}>
          {t('recordList.totalsLine', {
            count: line.records,
            qty: line.total_qty,
            amount: money(line.amount, line.currency),
          })}
        </span>
      ))}
    </div>
  );
}
