import { useState } from 'react';
import { Button, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { orderEndpoints, type PendingOrder } from '@partsportal/contract/orders';
import { cartChanged, ORDER_READS } from '@shared/api/cart-api';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { useHasAnyCode } from '@shared/permission/use-has-code';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFeedback } from '@shared/ui/feedback';

const PAGE_SIZE = 20;

/** Spec §2 personal centre "Pending orders": unpaid orders with pay, resubmit to cart, cancel. */
export function PendingOrdersTab() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const canCart = useHasAnyCode([MENU_CODES.cart]);
  const [page, setPage] = useState(1);
  const orders = useEndpointQuery(orderEndpoints.getPendingOrders, { page, pageSize: PAGE_SIZE });

  const confirm = (order: PendingOrder, kind: 'resubmit' | 'cancel') =>
    modal.confirm({
      title: t(`pending.${kind}Title`),
      content: t(`pending.${kind}Confirm`, { no: order.no }),
      okText: t(`pending.${kind}`),
      okButtonProps: { danger: kind === 'cancel' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          if (kind === 'resubmit') {
            const answer = await mutateEndpoint(
              orderEndpoints.reSubmitCartForWeb,
              {},
              { params: { id: order.id }, invalidates: ORDER_READS },
            );
            cartChanged(answer.carts);
            void message.success(t('pending.resubmitted', { no: order.no }));
          } else {
            await mutateEndpoint(
              orderEndpoints.cancelOrder,
              {},
              { params: { id: order.id }, invalidates: ORDER_READS },
            );
            void message.success(t('pending.cancelled', { no: order.no }));
          }
        } catch {
          // Toasted.
        }
      },
    });

  const columns: TableColumnsType<PendingOrder> = [
    {
      key: 'no',
      title: t('pending.no'),
      width: 160,
      // The buyer's own reference under the number: found by either, no extra column.
      render: (_, o) => (
        <>
          <span className="order-no">{o.no}</span>
          {o.po_number && (
            <div className="muted order-po-number" title={t('orders.poNumber')}>
              {t('orders.poNumber')}: {o.po_number}
            </div>
          )}
        </>
      ),
    },
    { key: 'date', title: t('pending.date'), width: 130, render: (_, o) => formatDate(o.bill_date) },
    {
      key: 'amount',
      title: t('pending.amount'),
      width: 130,
      align: 'right',
      render: (_, o) => <strong className="pending-amount">{money(o.total_amount, o.currency)}</strong>,
    },
    {
      key: 'qty',
      title: t('pending.qty'),
      width: 80,
      align: 'right',
      render: (_, o) => `${o.total_qty} / ${o.line_count}`,
    },
    { key: 'consignee', title: t('checkout.consignee'), width: 110, dataIndex: 'consignee' },
    { key: 'destination', title: t('checkout.destination'), width: 180, dataIndex: 'destination' },
    {
      key: 'state',
      title: t('pay.state'),
      width: 120,
      render: (_, o) => <Tag color="orange">{t(`orderState.${o.state}`)}</Tag>,
    },
    {
      key: 'actions',
      title: t('pending.actions'),
      width: 240,
      fixed: 'right',
      render: (_, o) => (
        <Space size={4} wrap>
          {canCart && (
            <Button
              size="small"
              type="primary"
              className="pending-pay"
              onClick={() => void navigate(`/cart/pay?id=${o.id}`)}
            >
              {t('pending.pay')}
            </Button>
          )}
          {canCart && (
            <Button size="small" className="pending-resubmit" onClick={() => confirm(o, 'resubmit')}>
              {t('pending.resubmit')}
            </Button>
          )}
          <Button size="small" danger className="pending-cancel" onClick={() => confirm(o, 'cancel')}>
            {t('pending.cancel')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<PendingOrder>
      className="pending-table"
      rowKey="id"
      size="middle"
      loading={orders.isFetching}
      columns={columns}
      dataSource={orders.data?.list ?? []}
      scroll={{ x: 1150 }}
      locale={{ emptyText: <Empty description={t('pending.empty')} /> }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: orders.data?.total ?? 0,
        showSizeChanger: false,
        onChange: setPage,
      }}
    />
  );
}
