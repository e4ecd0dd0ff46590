import { useEffect, useRef } from 'react';
import { DatePicker, type GetRef } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DayRangeProps } from './day-range-filter';

/**
 * antd's RangePicker for a day range kept as `YYYY-MM-DD` strings (the URL form of the record
 * lists). Loaded on demand by DayRangeFilter; `focusIndex` is the field the user touched on its
 * stand-in before this code came: it mounts open (`defaultOpen`) with that field focused.
 */
export default function DayRangePicker({
  from,
  to,
  onChange,
  focusIndex,
}: DayRangeProps & { focusIndex: 0 | 1 | null }) {
  const { t } = useTranslation();
  const picker = useRef<GetRef<typeof DatePicker.RangePicker>>(null);
  useEffect(() => {
    // antd types the ref as a single picker's; the range picker's focus takes the field's index.
    if (focusIndex !== null) picker.current?.focus({ index: focusIndex } as FocusOptions);
    // Only the touch that came before the code: later focus is the picker's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DatePicker.RangePicker
      ref={picker}
      // Focus alone does not open antd's range picker (a click does): open it for that touch.
      defaultOpen={focusIndex !== null}
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
