import { lazy, Suspense, useState } from 'react';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { purchasesDeskEndpoints, type DeskPurchaseRow } from '@partsportal/contract/purchases-desk';
import { PURCHASE_STATES, type PurchaseState } from '@partsportal/contract/records';
import { useEndpointQuery } from '@shared/api/server-state';
import { StateTabs } from '@shared/ui/state-tabs';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { PurchaseStateTag } from './purchase-state-tag';

const PurchaseDetail = lazy(() => import('./purchase-detail'));
const NewPurchaseDialog = lazy(() => import('./new-purchase-dialog'));

type TabKey = PurchaseState | 'all';

/**
 * /admin/purchases (catalogue, owner): purchase orders to supplier companies — a tab per state
 * with its count, supplier and number filters, newest first — a new draft in a dialog, and one
 * purchase in a drawer (`?purchase=<id>`) with the actions its state allows (order, receive into
 * a store, cancel).
 */
export default function PurchasesDeskPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const formatDate = useFormatDate();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TabKey>('all');
  const [draft, setDraft] = useState<{ supplier_id?: number; no: string }>({ no: '' });
  const [filters, setFilters] = useState<{ supplier_id?: number; no: string }>({ no: '' });
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [creating, setCreating] = useState(false);
  const options = useEndpointQuery(purchasesDeskEndpoints.options, {});
  const query = useEndpointQuery(purchasesDeskEndpoints.list, {
    ...page,
    ...(tab === 'all' ? {} : { state: tab }),
    ...(filters.supplier_id ? { supplier_id: filters.supplier_id } : {}),
    ...(filters.no ? { no: filters.no } : {}),
  });
  const counts = query.data?.counts ?? {};
  const opened = Number(params.get('purchase'));

  const open = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('purchase');
        else next.set('purchase', String(id));
        return next;
      },
      { replace: id === null },
    );

  const columns: TableColumnsType<DeskPurchaseRow> = [
    {
      title: t('admin.purchasesDesk.no'),
      dataIndex: 'no',
      render: (no: string, row) => (
        <>
          <Button type="link" className="purchases-desk-open" onClick={() => open(row.id)}>
            {no}
          </Button>
          <div className="purchases-desk-narrow">
            {row.supplier_name} <PurchaseStateTag state={row.state} />
          </div>
        </>
      ),
    },
    { title: t('admin.purchasesDesk.supplier'), dataIndex: 'supplier_name', responsive: ['sm'] },
    {
      title: t('admin.purchasesDesk.date'),
      dataIndex: 'bill_date',
      responsive: ['md'],
      render: (at: number) => formatDate(at),
    },
    {
      title: t('admin.purchasesDesk.state'),
      dataIndex: 'state',
      responsive: ['sm'],
      render: (state: PurchaseState) => <PurchaseStateTag state={state} />,
    },
    {
      title: t('admin.purchasesDesk.received'),
      dataIndex: 'received_qty',
      align: 'right',
      responsive: ['lg'],
      render: (received: number, row) => `${received} / ${row.total_qty}`,
    },
    {
      title: t('admin.purchasesDesk.purchaser'),
      dataIndex: 'sales_man_name',
      responsive: ['xl'],
    },
    {
      title: t('admin.purchasesDesk.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string, row) => money(amount, row.currency),
    },
  ];

  const tabs: TabKey[] = ['all', ...PURCHASE_STATES];
  const tabLabel = (key: TabKey) =>
    key === 'all' ? t('admin.purchasesDesk.all') : t(`purchaseState.${key}`);
  const tabCount = (key: TabKey) =>
    key === 'all' ? Object.values(counts).reduce((sum, n) => sum + n, 0) : (counts[key] ?? 0);
  const chooseTab = (key: TabKey) => {
    setTab(key);
    setPage((p) => ({ ...p, page: 1 }));
  };
  return (
    <Card className="admin-card purchases-desk">
      <StateTabs<TabKey>
        tabs={tabs}
        value={tab}
        onChange={chooseTab}
        label={tabLabel}
        count={tabCount}
        classPrefix="purchases-desk"
        selectLabel={t('admin.purchasesDesk.state')}
      />
      <form
        className="admin-toolbar purchases-desk-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="purchases-desk-supplier"
          aria-label={t('admin.purchasesDesk.supplier')}
          placeholder={t('admin.purchasesDesk.supplier')}
          value={draft.supplier_id}
          onChange={(id) => setDraft({ ...draft, supplier_id: id ?? undefined })}
          options={(options.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Input
          allowClear
          className="purchases-desk-text"
          aria-label={t('admin.purchasesDesk.no')}
          placeholder={t('admin.purchasesDesk.no')}
          value={draft.no}
          onChange={(event) => setDraft({ ...draft, no: event.target.value.trim() })}
        />
        <Button htmlType="submit" icon={<SearchOutlined />}>
          {t('admin.purchasesDesk.search')}
        </Button>
        <Button
          type="primary"
          className="purchases-desk-new"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
        >
          {t('admin.purchasesDesk.new')}
        </Button>
      </form>
      <Table<DeskPurchaseRow>
        rowKey="id"
        size="middle"
        className="purchases-desk-list"
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
      {creating && (
        <Suspense fallback={null}>
          <NewPurchaseDialog
            suppliers={options.data?.suppliers ?? []}
            onClose={(id) => {
              setCreating(false);
              if (id) open(id);
            }}
          />
        </Suspense>
      )}
      {Number.isInteger(opened) && opened > 0 && (
        <Suspense fallback={null}>
          <PurchaseDetail id={opened} stores={options.data?.stores ?? []} onClose={() => open(null)} />
        </Suspense>
      )}
    </Card>
  );
}
