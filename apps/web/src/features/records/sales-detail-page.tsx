import { Descriptions, Skeleton, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordEndpoints, SALES_BILL_PDF_PATH, type SalesLine } from '@partsportal/contract/records';
import { RecordPdfLink } from '@shared/records/record-pdf-link';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { channelLabel } from '@shared/records/channel';
import { RecordDetailHeading, RecordNotFound, useRecordDetail } from '@shared/records/record-detail';
import { RecordLinesTable } from '@shared/records/record-lines-table';
import { useFormatMoney } from '@shared/format/use-format-money';
import { CargoStateTag } from './cargo-state-tag';
import './records.css';
import { WaybillLink } from './waybill-link';

export default function SalesDetailPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { money, percent } = useFormatMoney();
  const { id, detail, record } = useRecordDetail(
    '/sales/detail',
    recordEndpoints.getSalesDetail,
    (bill) => bill.header.id,
  );

  if (!id || detail.isError) return <RecordNotFound />;
  if (!record) return <Skeleton active paragraph={{ rows: 10 }} />;
  const { header, lines } = record;

  const columns: TableColumnsType<SalesLine> = [
    { key: 'seq', dataIndex: 'seq', title: '#', width: 50 },
    { key: 'number', dataIndex: 'number', title: t('catalog.number'), width: 150 },
    { key: 'part_name', dataIndex: 'part_name', title: t('catalog.partName'), width: 180 },
    { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 110 },
    { key: 'unit', dataIndex: 'unit', title: t('catalog.unit'), width: 80 },
    { key: 'qty', dataIndex: 'qty', title: t('recordList.qty'), width: 70, align: 'right' },
    {
      key: 'export_qty',
      dataIndex: 'export_qty',
      title: t('recordList.exportQty'),
      width: 90,
      align: 'right',
    },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 120,
      align: 'right',
      render: (_, row) => money(row.price, header.currency),
    },
    {
      key: 'sum',
      title: t('recordList.sum'),
      width: 130,
      align: 'right',
      render: (_, row) => money(row.sum, header.currency),
    },
    { key: 'remark', dataIndex: 'remark', title: t('recordList.remark'), width: 140, ellipsis: true },
  ];

  return (
    <section className="page records-page sales-detail" aria-labelledby="sales-detail-title">
      <RecordDetailHeading titleId="sales-detail-title">
        {t('route.salesDetail')} {header.no}
      </RecordDetailHeading>
      <div className="detail-actions">
        <RecordPdfLink path={SALES_BILL_PDF_PATH} id={header.id} />
      </div>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} className="record-header">
        <Descriptions.Item label={t('recordList.company')}>{header.company_sort_name}</Descriptions.Item>
        <Descriptions.Item label={t('recordList.billDate')}>{formatDate(header.bill_date)}</Descriptions.Item>
        <Descriptions.Item label={t('recordList.state')}>{t(`salesState.${header.state}`)}</Descriptions.Item>
        <Descriptions.Item label={t('sales.cargoState')}>
          <CargoStateTag state={header.cargo_state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('sales.logisticsName')}>{header.logistics_name}</Descriptions.Item>
        <Descriptions.Item label={t('sales.logisticsNo')}>
          <WaybillLink no={header.logistics_no} url={header.tracking_url} />
        </Descriptions.Item>
        <Descriptions.Item label={t('recordList.amount')}>
          {money(header.amount, header.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordList.exportRate')}>
          {percent(header.export_rate)}
        </Descriptions.Item>
        <Descriptions.Item label={t('recordList.from')}>{channelLabel(t, header.from)}</Descriptions.Item>
        {header.order_id && header.order_no && (
          <Descriptions.Item label={t('sales.order')}>
            <Link to={`/order/detail?id=${header.order_id}`}>{header.order_no}</Link>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('recordList.remark')}>{header.remark}</Descriptions.Item>
      </Descriptions>
      <RecordLinesTable<SalesLine>
        className="sales-lines"
        columns={columns}
        dataSource={lines}
        scroll={{ x: 1120 }}
        emptyText={t('recordList.empty')}
      />
    </section>
  );
}
