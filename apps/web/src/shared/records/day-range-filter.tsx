import { useState } from 'react';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../stores/settings-store';
import { onDemand, useOnDemand, useOnDemandInBackground } from '../ui/on-demand';

export interface DayRangeProps {
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
}

const Picker = onDemand(() => import('./day-range-picker'));

/**
 * The record lists' day range filter. antd's RangePicker (31.7 KB gzip of script) is not on the
 * page's first screen: a stand-in drawn by CSS like the picker (styles.css, .day-range-facade:
 * same size, borders, placeholders, dates) shows while its code comes in the background after the
 * page has drawn; a touch on the stand-in asks for it at once and the real picker opens on the
 * field touched. A failed background load stays silent; a failed load after a touch says
 * "Network error" in the user's language and the next touch asks again.
 */
export function DayRangeFilter(props: DayRangeProps) {
  const { t } = useTranslation();
  const size = useSettingsStore((s) => s.size);
  const [touched, setTouched] = useState<0 | 1 | null>(null);
  useOnDemandInBackground(Picker);
  const ready = useOnDemand(Picker, touched !== null, () => setTouched(null));
  if (ready) return <Picker {...props} focusIndex={touched} />;

  const field = (index: 0 | 1, value: string | undefined, placeholder: string) => (
    <span className="day-range-facade-input">
      <input
        readOnly
        size={12}
        value={value ?? ''}
        placeholder={placeholder}
        aria-label={placeholder}
        autoComplete="off"
        onFocus={() => setTouched(index)}
      />
    </span>
  );
  return (
    <div
      className={`day-range-facade day-range-facade-${size} filter-dates`}
      role="group"
      aria-label={t('recordList.dates')}
      onMouseDown={() => setTouched((current) => current ?? 0)}
    >
      {field(0, props.from, t('recordList.dateFrom'))}
      <span className="day-range-facade-sep" aria-hidden="true">
        <SwapRightOutlined />
      </span>
      {field(1, props.to, t('recordList.dateTo'))}
      <span className="day-range-facade-suffix" aria-hidden="true">
        <CalendarOutlined />
      </span>
    </div>
  );
}
