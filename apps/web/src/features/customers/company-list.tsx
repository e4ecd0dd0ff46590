import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { customersEndpoints, type Company } from '@partsportal/contract/customers';
import { useEndpointQuery } from '@shared/api/server-state';
import { CompanyFormModal } from './company-form-modal';
import { formatLimit } from './customer-format';

type EnabledFilter = 'all' | 'enabled' | 'disabled';

/** The account's customer companies: search by code or name, filter by the enabled switch. */
export function CompanyList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [enabled, setEnabled] = useState<EnabledFilter>('all');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [creating, setCreating] = useState(false);
  const body = {
    keyword,
    ...page,
    ...(enabled === 'all' ? {} : { enabled: enabled === 'enabled' }),
  };
  const query = useEndpointQuery(customersEndpoints.listCompanies, body);
  const open = (id: number) => `/admin/customers?company=${id}`;

  const columns: ColumnsType<Company> = [
    {
      title: t('admin.customers.code'),
      dataIndex: 'code',
      width: 110,
      render: (code: string, row) => <Link to={open(row.id)}>{code}</Link>,
    },
    {
      title: t('admin.customers.name'),
      dataIndex: 'name',
      render: (name: string, row) => <Link to={open(row.id)}>{name}</Link>,
    },
    { title: t('admin.customers.sortName'), dataIndex: 'sort_name', responsive: ['md'] },
    {
      title: t('admin.customers.priceLevel'),
      dataIndex: 'price_level_name',
      responsive: ['lg'],
      render: (name: string | null) => name ?? '—',
    },
    {
      title: t('admin.customers.creditLimit'),
      dataIndex: 'credit_limit',
      align: 'right',
      responsive: ['md'],
      render: (value: string, row) => `${formatLimit(value)} ${row.currency}`,
    },
    {
      title: t('admin.customers.paymentDays'),
      dataIndex: 'payment_days',
      align: 'right',
      responsive: ['lg'],
    },
    { title: t('admin.customers.users'), dataIndex: 'user_count', align: 'right', width: 80 },
    {
      title: t('admin.customers.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean) =>
        on ? (
          <Tag color="green">{t('admin.customers.on')}</Tag>
        ) : (
          <Tag color="default">{t('admin.customers.off')}</Tag>
        ),
    },
  ];

  return (
    <Card className="admin-card">
      <div className="admin-toolbar">
        <Input.Search
          allowClear
          className="customers-search"
          placeholder={t('admin.customers.searchPlaceholder')}
          aria-label={t('admin.customers.searchPlaceholder')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select<EnabledFilter>
          value={enabled}
          className="customers-filter"
          aria-label={t('admin.customers.enabled')}
          onChange={(value) => {
            setEnabled(value);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: 'all', label: t('admin.customers.filterAll') },
            { value: 'enabled', label: t('admin.customers.filterEnabled') },
            { value: 'disabled', label: t('admin.customers.filterDisabled') },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('admin.customers.newCompany')}
        </Button>
      </div>
      <Table<Company>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        // No horizontal scroll: below md only code, name, users and the switch show, and the
        // name wraps (375 px).
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
      {creating && (
        <CompanyFormModal
          onClose={(id) => {
            setCreating(false);
            if (id) void navigate(open(id));
          }}
        />
      )}
    </Card>
  );
}
