import { Button, Descriptions, Empty, Skeleton, Table, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { recordEndpoints, type PurchaseLine } from '@partsportal/contract/records';
import { callEndpoint } from '@shared/api/client';
import { useAsyncData } from '@shared/hooks/use-async-data';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { positiveInt } from '@shared/records/list-query';
import { useFormatMoney } from '@shared/records/use-format-money';

const PATH = '/pur/detail';

export default function PurchaseDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  const [params] = useRouteSearchParams(PATH);
  const id = positiveInt(params.get('id'));
  const detail = useAsyncData(id ? `purchase-${id}` : null, () =>
    callEndpoint(recordEndpoints.getPurchaseDetail, {}, { params: { id: id ?? 0 } }),
  );

  if (!id || detail.failed) {
    return (
      <section className="page records-page">
        <Empty description={t('recordList.notFound')} />
      </section>
    );
  }
  // The previous purchase stays in useAsyncData while another id loads: never show it under this id.
  if (!detail.data || detail.data.header.id !== id) return <Skeleton active paragraph={{ rows: 10 }} />;
  const { header, lines } = detail.data;
  const currency = header.currency;

  const columns: TableColumnsType<PurchaseLine> = [
    { key: 'cpid', dataIndex: 'cpid', title: t('purchase.cpid'), width: 100 },
    { key: 'number', dataIndex: 'number', title: t('catalog.number'), width: 150 },
    { key: 'part_name', dataIndex: 'part_name', title: t('catalog.partName'), width: 170 },
    { key: 'factory', dataIndex: 'factory', title: t('catalog.factory'), width: 100 },
    { key: 'unit', dataIndex: 'unit', title: t('catalog.unit'), width: 60 },
    { key: 'qty', dataIndex: 'qty', title: t('recordList.qty'), width: 70, align: 'right' },
    {
      key: 'received_qty',
      dataIndex: 'received_qty',
      title: t('purchase.receivedQty'),
      width: 90,
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
      width: 120,
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

  return (
    <section className="page records-page purchase-detail" aria-labelledby="purchase-detail-title">
      <div className="detail-heading">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
          {t('errorPage.back')}
        </Button>
        <h1 id="purchase-detail-title" className="page-title">
          {t('route.purchaseDetail')} {header.no}
        </h1>
      </div>
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
      <Table<PurchaseLine>
        className="purchase-lines"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: <Empty description={t('recordList.empty')} /> }}
      />
    </section>
  );
}
