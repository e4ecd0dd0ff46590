import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { customersEndpoints } from '@partsportal/contract/customers';
import { useEndpointQuery } from '@shared/api/server-state';
import { useDebouncedValue } from '@shared/hooks/use-debounced-value';

/** A company by code or name, searched on the server as the staff member types (50 at a time). */
export function ReportCompanyPicker({
  value,
  onChange,
  className,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed, 250);
  const query = useEndpointQuery(customersEndpoints.listCompanies, { keyword, page: 1, pageSize: 50 });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      className={className}
      value={value}
      placeholder={t('admin.reports.allCompanies')}
      aria-label={t('admin.reports.company')}
      loading={query.isFetching}
      onChange={(next) => onChange(next ?? undefined)}
      options={(query.data?.list ?? []).map((company) => ({
        value: company.id,
        label: `${company.code} · ${company.sort_name}`,
      }))}
    />
  );
}
