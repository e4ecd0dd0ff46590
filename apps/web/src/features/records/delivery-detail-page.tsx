import { Button, Card, Descriptions, Skeleton, Space, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import {
  DELIVERY_NOTE_PDF_PATH,
  recordEndpoints,
  type DeliveryLine,
  type FulfilledOrder,
} from '@partsportal/contract/records';
import { RecordPdfLink } from '@shared/records/record-pdf-link';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { formatMoney } from '@partsportal/contract/money-format';
import { useRecordDetail } from '@shared/records/record-detail';
import { RecordLinesTable } from '@shared/records/record-lines-table';
import { useHasAnyCode } from '@shared/permission/use-has-code';
import { useSettingsStore } from '@shared/stores/settings-store';
import { OrderStateTag } from '@shared/records/order-cells';
import './records.css';
import { WaybillLink } from './waybill-link';
import { MissingPage } from '@shared/ui/missing-state';

const PATH = '/export/detail';

export default function DeliveryDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettingsStore((s) => s.language);
  const formatDate = useFormatDate();
  // The order detail needs 1002; without it the order numbers stay plain text.
  const canOpenOrders = useHasAnyCode([MENU_CODES.orderSearch]);
  const {
    id,
    detail: loaded,
    record: detail,
  } = useRecordDetail(PATH, recordEndpoints.getDeliveryDetail, (delivery) => delivery.header.id);

  // Not found keeps the page's title and card, like the other detail pages.
  const missing = <MissingPage pageTitle={t('route.deliveryDetail')} title={t('orders.notFound')} />;
  if (!id) return missing;
  if (!detail) {
    return loaded.isError ? missing : <Skeleton active paragraph={{ rows: 10 }} />;
  }
  const h = detail.header;
  const money = (amount: string, currency = h.currency) => formatMoney(amount, currency, locale);
  const orderLink = (orderId: number | null, no: string | null) =>
    orderId && no && canOpenOrders ? (
      <Link to={`/order/detail?id=${orderId}`} className="order-no">
        {no}
      </Link>
    ) : (
      (no ?? '—')
    );

  const lineColumns: TableColumnsType<DeliveryLine> = [
    {
      key: 'number',
      dataIndex: 'number',
      title: t('catalog.number'),
      width: 150,
      className: 'product-number',
    },
    { key: 'part_name', dataIndex: 'part_name', title: t('catalog.partName'), width: 180 },
    { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 110 },
    { key: 'qty', dataIndex: 'qty', title: t('catalog.quantity'), width: 80, align: 'right' },
    { key: 'price', title: t('catalog.price'), width: 120, align: 'right', render: (_, l) => money(l.price) },
    { key: 'sum', title: t('orders.sum'), width: 130, align: 'right', render: (_, l) => money(l.sum) },
    { key: 'order', title: t('orders.no'), width: 190, render: (_, l) => orderLink(l.order_id, l.order_no) },
  ];
  const orderColumns: TableColumnsType<FulfilledOrder> = [
    { key: 'no', title: t('orders.no'), width: 190, render: (_, o) => orderLink(o.id, o.no) },
    { key: 'bill_date', title: t('orders.billDate'), width: 150, render: (_, o) => formatDate(o.bill_date) },
    {
      key: 'state',
      title: t('orders.state'),
      width: 150,
      render: (_, o) => <OrderStateTag state={o.state} />,
    },
    {
      key: 'amount',
      title: t('orders.amount'),
      align: 'right',
      render: (_, o) => money(o.amount, o.currency),
    },
  ];

  return (
    <section className="page delivery-detail-page" aria-labelledby="delivery-detail-title">
      <h1 id="delivery-detail-title" className="page-title">
        {t('route.deliveryDetail')} <span className="delivery-no">{h.no}</span>
      </h1>
      <Space wrap className="detail-actions">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
          {t('orders.back')}
        </Button>
        <RecordPdfLink path={DELIVERY_NOTE_PDF_PATH} id={h.id} />
      </Space>
      <Card size="small" className="detail-card">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('orders.deliveryNo')}>{h.no}</Descriptions.Item>
          <Descriptions.Item label={t('orders.date')}>{formatDate(h.date)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.lineCount')}>{h.count}</Descriptions.Item>
          <Descriptions.Item label={t('orders.totalQtyShort')}>{h.total_qty}</Descriptions.Item>
          <Descriptions.Item label={t('orders.amount')}>
            <strong>{money(h.amount)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.logistics')}>{h.logistics_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.logisticsNo')}>
            <WaybillLink no={h.logistics_no} url={h.tracking_url} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.remark')}>{h.remark || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <RecordLinesTable<DeliveryLine>
        className="delivery-lines"
        columns={lineColumns}
        dataSource={detail.lines}
        scroll={{ x: 960 }}
      />
      <Card size="small" title={t('orders.fulfils')} className="fulfilled-orders">
        <RecordLinesTable<FulfilledOrder>
          columns={orderColumns}
          dataSource={detail.orders}
          scroll={{ x: 640 }}
        />
      </Card>
    </section>
  );
}
