import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** A single-choice filter over a contract enum; each value is shown as `${labelKey}.${value}`. */
export function EnumFilter<T extends string>({
  className,
  label,
  values,
  labelKey,
  value,
  onChange,
}: {
  className: string;
  label: string;
  values: readonly T[];
  labelKey: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select<T>
      className={className}
      allowClear
      aria-label={label}
      placeholder={label}
      value={value}
      options={values.map((option) => ({ value: option, label: t(`${labelKey}.${option}`) }))}
      onChange={onChange}
    />
  );
}
