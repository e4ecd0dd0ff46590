import { lazy, Suspense, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { customersEndpoints } from '@partsportal/contract/customers';
import { orderDeskEndpoints, QUEUE_STATES, type QueueRow } from '@partsportal/contract/order-desk';
import type { OrderState } from '@partsportal/contract/orders';
import { useEndpointQuery } from '@shared/api/server-state';
import { StateTabs } from '@shared/ui/state-tabs';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import { OrderStateTag } from '@shared/records/order-cells';

const OrderDeskDetail = lazy(() => import('./order-desk-detail'));

type Tab = OrderState | 'all';

interface Filters {
  company_id?: number;
  no: string;
  /** The buyer's PO number, prefix. */
  po?: string;
  partNumber: string;
  amountMin: string;
  amountMax: string;
  from?: string;
  to?: string;
}

const EMPTY: Filters = { no: '', partNumber: '', amountMin: '', amountMax: '' };
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** The filters as the call wants them: whole days in the reader's time zone, amounts only when valid. */
function toRequest(filters: Filters) {
  return {
    ...(filters.company_id ? { company_id: filters.company_id } : {}),
    ...(filters.no ? { no: filters.no } : {}),
    ...(filters.po ? { po: filters.po } : {}),
    ...(filters.partNumber ? { partNumber: filters.partNumber } : {}),
    ...(MONEY.test(filters.amountMin) ? { amountMin: filters.amountMin } : {}),
    ...(MONEY.test(filters.amountMax) ? { amountMax: filters.amountMax } : {}),
    ...(filters.from ? { dateFrom: dayjs(filters.from).startOf('day').unix() } : {}),
    ...(filters.to ? { dateTo: dayjs(filters.to).endOf('day').unix() } : {}),
  };
}

/** Companies for the filter, searched by code or name as staff type (the customers call). */
function CompanyFilter({ value, onChange }: { value?: number; onChange: (id?: number) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const companies = useEndpointQuery(customersEndpoints.listCompanies, { keyword, page: 1, pageSize: 20 });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      allowClear
      className="order-desk-company"
      aria-label={t('admin.orderDesk.company')}
      placeholder={t('admin.orderDesk.company')}
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      loading={companies.isFetching}
      options={(companies.data?.list ?? []).map((company) => ({
        value: company.id,
        label: `${company.code} ${company.sort_name || company.name}`,
      }))}
    />
  );
}

/**
 * /admin/orders (sales, owner): the queue of the buyers' orders — a tab per state with its count,
 * filters, newest first — and the order in a drawer (`?order=<id>`) with the actions its state
 * allows.
 */
export default function OrderDeskPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const formatDate = useFormatDate();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('submitted');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const opened = Number(params.get('order'));
  const query = useEndpointQuery(orderDeskEndpoints.queue, {
    ...page,
    ...(tab === 'all' ? {} : { states: [tab] }),
    ...toRequest(filters),
  });
  const counts = query.data?.counts ?? {};
  const allCount = Object.values(counts).reduce((sum, n) => sum + n, 0);

  const open = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('order');
        else next.set('order', String(id));
        return next;
      },
      { replace: id === null },
    );

  const columns: TableColumnsType<QueueRow> = [
    {
      title: t('admin.orderDesk.no'),
      dataIndex: 'no',
      render: (no: string, row) => (
        <>
          <Button type="link" className="order-desk-open" onClick={() => open(row.id)}>
            {no}
          </Button>
          {row.po_number && (
            <div className="muted order-desk-po" title={t('admin.orderDesk.poNumber')}>
              {row.po_number}
            </div>
          )}
          {/* On a phone the company and state columns are hidden; they follow the number. */}
          <div className="order-desk-narrow">
            {row.company_name} <OrderStateTag state={row.state} />
          </div>
        </>
      ),
    },
    { title: t('admin.orderDesk.company'), dataIndex: 'company_name', responsive: ['sm'] },
    {
      title: t('admin.orderDesk.date'),
      dataIndex: 'bill_date',
      responsive: ['md'],
      render: (at: number) => formatDate(at),
    },
    {
      title: t('admin.orderDesk.state'),
      dataIndex: 'state',
      responsive: ['sm'],
      render: (state: OrderState) => <OrderStateTag state={state} />,
    },
    {
      title: t('admin.orderDesk.lines'),
      dataIndex: 'line_count',
      align: 'right',
      responsive: ['lg'],
    },
    {
      title: t('admin.orderDesk.qty'),
      dataIndex: 'total_qty',
      align: 'right',
      responsive: ['lg'],
      render: (qty: number, row) => `${row.export_qty} / ${qty}`,
    },
    {
      title: t('admin.orderDesk.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string, row) => money(amount, row.currency),
    },
  ];

  const tabs: Tab[] = ['all', ...QUEUE_STATES];
  const tabLabel = (key: Tab) => (key === 'all' ? t('admin.orderDesk.all') : t(`orderState.${key}`));
  const tabCount = (key: Tab) => (key === 'all' ? allCount : (counts[key] ?? 0));
  const chooseTab = (key: Tab) => {
    setTab(key);
    setPage((p) => ({ ...p, page: 1 }));
  };
  return (
    <Card className="admin-card order-desk">
      <StateTabs<Tab>
        tabs={tabs}
        value={tab}
        onChange={chooseTab}
        label={tabLabel}
        count={tabCount}
        classPrefix="order-desk"
        selectLabel={t('admin.orderDesk.state')}
      />
      <form
        className="admin-toolbar order-desk-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <CompanyFilter value={draft.company_id} onChange={(id) => setDraft({ ...draft, company_id: id })} />
        <Input
          allowClear
          className="order-desk-text"
          aria-label={t('admin.orderDesk.no')}
          placeholder={t('admin.orderDesk.no')}
          value={draft.no}
          onChange={(event) => setDraft({ ...draft, no: event.target.value })}
        />
        <Input
          allowClear
          className="order-desk-text"
          aria-label={t('admin.orderDesk.poNumber')}
          placeholder={t('admin.orderDesk.poNumber')}
          value={draft.po ?? ''}
          onChange={(event) => setDraft({ ...draft, po: event.target.value })}
        />
        <Input
          allowClear
          className="order-desk-text"
          aria-label={t('admin.orderDesk.partNumber')}
          placeholder={t('admin.orderDesk.partNumber')}
          value={draft.partNumber}
          onChange={(event) => setDraft({ ...draft, partNumber: event.target.value })}
        />
        <Input
          className="order-desk-amount"
          inputMode="decimal"
          aria-label={t('admin.orderDesk.amountMin')}
          placeholder={t('admin.orderDesk.amountMin')}
          value={draft.amountMin}
          status={draft.amountMin && !MONEY.test(draft.amountMin) ? 'error' : undefined}
          onChange={(event) => setDraft({ ...draft, amountMin: event.target.value.trim() })}
        />
        <Input
          className="order-desk-amount"
          inputMode="decimal"
          aria-label={t('admin.orderDesk.amountMax')}
          placeholder={t('admin.orderDesk.amountMax')}
          value={draft.amountMax}
          status={draft.amountMax && !MONEY.test(draft.amountMax) ? 'error' : undefined}
          onChange={(event) => setDraft({ ...draft, amountMax: event.target.value.trim() })}
        />
        <DayRangeFilter
          {...(draft.from ? { from: draft.from } : {})}
          {...(draft.to ? { to: draft.to } : {})}
          onChange={(range) => setDraft({ ...draft, from: range.from, to: range.to })}
        />
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('admin.orderDesk.search')}
        </Button>
      </form>
      <Table<QueueRow>
        rowKey="id"
        size="middle"
        className="order-desk-queue"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        onRow={(row) => ({ onDoubleClick: () => open(row.id) })}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
      {Number.isInteger(opened) && opened > 0 && (
        <Suspense fallback={null}>
          <OrderDeskDetail id={opened} onClose={() => open(null)} />
        </Suspense>
      )}
    </Card>
  );
}
