import { useMemo } from 'react';
import { Button, Empty, Skeleton, Table, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { financeEndpoints, PAYMENT_SORTS, type PaymentRecord } from '@partsportal/contract/finance';
import { callEndpoint } from '@shared/api/client';
import { usePagedExport } from '@shared/export/use-paged-export';
import { useAsyncData } from '@shared/hooks/use-async-data';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { DayRangeFilter } from '@shared/records/day-range-filter';
import {
  MAX_RECORD_PAGE_SIZE,
  RECORD_PAGE_SIZES,
  sortFromTable,
  sortOrderOf,
} from '@shared/records/list-query';
import { TextFilter } from '@shared/records/text-filter';
import { useFormatMoney } from '@shared/records/use-format-money';
import { paymentMethodLabel } from './payment-method';
import { parsePaymentQuery, toPaymentQuery, toPaymentRequest, type PaymentFilters } from './finance-query';

/**
 * The route table spells it `/Payment/index`, the top menu links `/payment/index`; the router
 * matches case-insensitively, so this page keeps the spelling it was opened with.
 */
function usePaymentPath(): string {
  const { pathname } = useLocation();
  return pathname.toLowerCase() === '/payment/index' ? pathname : '/Payment/index';
}

export default function PaymentPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const currentPath = usePaymentPath();
  const [params, setParams] = useRouteSearchParams(currentPath);
  const filters = useMemo(() => parsePaymentQuery(params), [params]);
  const update = (patch: Partial<PaymentFilters>) =>
    setParams(toPaymentQuery({ ...filters, page: 1, ...patch }));
  const list = useAsyncData(`payments?${toPaymentQuery(filters).toString()}`, () =>
    callEndpoint(financeEndpoints.getPaymentList, toPaymentRequest(filters)),
  );
  const exporter = usePagedExport();
  const data = list.data;
  const methodLabel = (method: string) => paymentMethodLabel(t, method);

  const onExport = () =>
    exporter.start<PaymentRecord>(
      {
        loadPage: (page, pageSize) =>
          callEndpoint(financeEndpoints.getPaymentList, toPaymentRequest(filters, page, pageSize)),
        pageSize: MAX_RECORD_PAGE_SIZE,
        header: [
          t('recordList.date'),
          t('recordList.no'),
          t('recordList.amount'),
          t('finance.cutmoney'),
          t('stock.currency'),
          t('pay.method'),
          t('recordList.remark'),
        ],
        toRow: (row) => [
          dayjs.unix(row.date).format('YYYY-MM-DD HH:mm'),
          row.no,
          Number(row.amount),
          Number(row.cutmoney),
          row.currency,
          methodLabel(row.method),
          row.remark,
        ],
        sheetName: 'Payments',
        fileName: `payments-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
      },
      data?.total ?? 0,
    );

  const columns: TableColumnsType<PaymentRecord> = [
    {
      key: 'date',
      title: t('recordList.date'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'date'),
      render: (_, row) => formatDate(row.date),
    },
    {
      key: 'no',
      title: t('recordList.no'),
      width: 180,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'no'),
      render: (_, row) => <Link to={`/Payment/detail?id=${row.id}`}>{row.no}</Link>,
    },
    {
      key: 'amount',
      title: t('recordList.amount'),
      width: 150,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'amount'),
      render: (_, row) => money(row.amount, row.currency),
    },
    {
      key: 'cutmoney',
      title: t('finance.cutmoney'),
      width: 120,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'cutmoney'),
      render: (_, row) => money(row.cutmoney, row.currency),
    },
    { key: 'method', title: t('pay.method'), width: 130, render: (_, row) => methodLabel(row.method) },
    { key: 'remark', dataIndex: 'remark', title: t('recordList.remark'), width: 180, ellipsis: true },
  ];

  return (
    <section className="page records-page payment-page" aria-labelledby="payment-title">
      <h1 id="payment-title" className="page-title">
        {t('route.payment')}
      </h1>
      <div className="filter-bar">
        <DayRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
        <TextFilter
          value={filters.no}
          label={t('recordList.no')}
          maxLength={64}
          onSearch={(no) => update({ no })}
        />
      </div>
      <div className="table-toolbar">
        <Button
          icon={<FileExcelOutlined />}
          className="export-xlsx"
          disabled={!data || data.total === 0 || exporter.running}
          onClick={() => void onExport()}
        >
          {t('stock.export')}
        </Button>
        {data && data.list[0] && (
          <span className="record-totals">
            <strong>{t('recordList.totals')}</strong>
            <span>
              {t('recordList.amount')}: {money(data.totals.amount, data.list[0].currency)}
            </span>
            <span>
              {t('finance.cutmoney')}: {money(data.totals.cutmoney, data.list[0].currency)}
            </span>
          </span>
        )}
      </div>
      {!data && list.loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Table<PaymentRecord>
          className="payment-table"
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns}
          dataSource={data?.list ?? []}
          scroll={{ x: 910 }}
          locale={{ emptyText: <Empty description={t('recordList.empty')} /> }}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action !== 'sort' || Array.isArray(sorter)) return;
            const sort = sortFromTable(sorter.columnKey, sorter.order, PAYMENT_SORTS);
            update({ sort: sort.sort, order: sort.order });
          }}
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: RECORD_PAGE_SIZES.map(String),
            showTotal: (total) => t('catalog.total', { count: total }),
            onChange: (page, pageSize) =>
              update({ page: pageSize === filters.pageSize ? page : 1, pageSize }),
          }}
        />
      )}
      {exporter.modal}
    </section>
  );
}
