import { useMemo } from 'react';
import { Descriptions, Skeleton, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordEndpoints, type PurchaseLine } from '@partsportal/contract/records';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { RecordDetailHeading, RecordNotFound, useRecordDetail } from '@shared/records/record-detail';
import { RecordLinesTable } from '@shared/records/record-lines-table';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useColumnChoice } from '@shared/columns/column-chooser';

/** Every line field, in the table's order, with its label's locale key. */
const LINE_FIELDS = [
  ['cpid', 'purchase.cpid'],
  ['number', 'catalog.number'],
  ['part_name', 'catalog.partName'],
  ['factory', 'catalog.factory'],
  ['unit', 'catalog.unit'],
  ['qty', 'recordList.qty'],
  ['received_qty', 'purchase.receivedQty'],
  ['price', 'catalog.price'],
  ['last_price', 'purchase.lastPrice'],
  ['sum', 'recordList.sum'],
  ['store_qty', 'purchase.storeQty'],
  ['remark', 'recordList.remark'],
] as const;

/** The lines' columns before the user chooses: they fit 1440 px without sideways scrolling. */
const LINE_DEFAULT_COLUMNS = [
  'number',
  'part_name',
  'factory',
  'qty',
  'received_qty',
  'price',
  'sum',
  'remark',
];

export default function PurchaseDetailPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const { id, detail, record } = useRecordDetail(
    '/pur/detail',
    recordEndpoints.getPurchaseDetail,
    (purchase) => purchase.header.id,
  );
  const choosable = useMemo(() => LINE_FIELDS.map(([key, label]) => ({ key, title: t(label) })), [t]);
  const columnChoice = useColumnChoice({
    table: 'purchase-lines',
    columns: choosable,
    defaults: LINE_DEFAULT_COLUMNS,
    required: ['number', 'qty'],
  });

  if (!id || detail.isError) return <RecordNotFound />;
  if (!record) return <Skeleton active paragraph={{ rows: 10 }} />;
  const { header, lines } = record;
  const currency = header.currency;

  const allColumns: TableColumnsType<PurchaseLine> = [
    { key: 'cpid', dataIndex: 'cpid', title: t('purchase.cpid'), width: 100 },
    { key: 'number', dataIndex: 'number', title: t('catalog.number'), width: 150 },
    { key: 'part_name', dataIndex: 'part_name', title: t('catalog.partName'), width: 180 },
    { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 110 },
    { key: 'unit', dataIndex: 'unit', title: t('catalog.unit'), width: 80 },
    { key: 'qty', dataIndex: 'qty', title: t('recordList.qty'), width: 80, align: 'right' },
    {
      key: 'received_qty',
      dataIndex: 'received_qty',
      title: t('purchase.receivedQty'),
      width: 100,
      align: 'right',
    },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 120,
      align: 'right',
      render: (_, row) => money(row.price, currency),
    },
    {
      key: 'last_price',
      title: t('purchase.lastPrice'),
      width: 130,
      align: 'right',
      render: (_, row) => (row.last_price === null ? '—' : money(row.last_price, currency)),
    },
    {
      key: 'sum',
      title: t('recordList.sum'),
      width: 130,
      align: 'right',
      render: (_, row) => money(row.sum, currency),
    },
    { key: 'store_qty', dataIndex: 'store_qty', title: t('purchase.storeQty'), width: 90, align: 'right' },
    { key: 'remark', dataIndex: 'remark', title: t('recordList.remark'), width: 140, ellipsis: true },
  ];
  const columns = allColumns.filter((c) => columnChoice.visible.has(String(c.key)));
  const linesWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 100), 0);

  return (
    <section className="page records-page purchase-detail" aria-labelledby="purchase-detail-title">
      <RecordDetailHeading titleId="purchase-detail-title">
        {t('route.purchaseDetail')} {header.no}
      </RecordDetailHeading>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} className="record-header">
        <Descriptions.Item label={t('purchase.supplier')}>{header.company_sort_name}</Descriptions.Item>
        <Descriptions.Item label={t('recordList.billDate')}>{formatDate(header.bill_date)}</Descriptions.Item>
        <Descriptions.Item label={t('recordList.state')}>
          {t(`purchaseState.${header.state}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordList.amount')}>{money(header.amount, currency)}</Descriptions.Item>
        <Descriptions.Item label={t('purchase.purchaser')}>{header.sales_man_name}</Descriptions.Item>
        <Descriptions.Item label={t('purchase.requireDate')}>
          {header.require_date ? formatDate(header.require_date) : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordList.remark')}>{header.remark}</Descriptions.Item>
      </Descriptions>
      <div className="table-toolbar record-lines-toolbar">
        <span className="toolbar-end">{columnChoice.chooser}</span>
      </div>
      <RecordLinesTable<PurchaseLine>
        className="purchase-lines"
        columns={columns}
        dataSource={lines}
        scroll={{ x: linesWidth }}
        emptyText={t('recordList.empty')}
      />
    </section>
  );
}
