import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A day range kept as `YYYY-MM-DD` strings (the URL form of the record lists). */
export function DayRangeFilter({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      className="filter-dates"
      aria-label={t('recordList.dates')}
      placeholder={[t('recordList.dateFrom'), t('recordList.dateTo')]}
      allowEmpty={[true, true]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(values) => {
        const [start, end] = values ?? [null, null];
        onChange({
          from: start ? start.format('YYYY-MM-DD') : undefined,
          to: end ? end.format('YYYY-MM-DD') : undefined,
        });
      }}
    />
  );
}
