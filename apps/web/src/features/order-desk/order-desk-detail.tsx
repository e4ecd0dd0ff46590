import { useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Space,
  Table,
  Tag,
  Timeline,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { orderDeskEndpoints, type DeskLine, type DeskOrder } from '@partsportal/contract/order-desk';
import { useEndpointQuery } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { OrderStateTag } from '@shared/records/order-cells';
import {
  AddLineDialog,
  LineDialog,
  ReasonDialog,
  RemoveLineButton,
  ShipDialog,
  type ReasonAction,
} from './order-desk-dialogs';

type Dialog =
  | { kind: 'reason'; action: ReasonAction }
  | { kind: 'line'; line: DeskLine }
  | { kind: 'add' }
  | { kind: 'ship' }
  | null;

function StockCell({ line }: { line: DeskLine }) {
  return (
    <ul className="order-desk-stock">
      {line.stores.map((store) => (
        <li key={store.store_id} className={store.store_id === line.store_id ? 'is-reserved' : undefined}>
          <span className="order-desk-store">{store.store_name}</span>{' '}
          <span className="order-desk-available">
            {store.available_stock} / {store.stock}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One order in a drawer: header, credit position, lines with stock per store, history, actions. */
export default function OrderDeskDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const formatDate = useFormatDate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const query = useEndpointQuery(orderDeskEndpoints.detail, { id });
  const order: DeskOrder | undefined = query.data?.header.id === id ? query.data : undefined;
  const can = (action: DeskOrder['actions'][number]) => order?.actions.includes(action) ?? false;
  const editable = can('edit');

  const columns: TableColumnsType<DeskLine> = [
    { title: '#', dataIndex: 'seq', width: 44 },
    {
      title: t('admin.orderDesk.part'),
      dataIndex: 'number',
      render: (number: string, line) => (
        <div>
          <strong>{number}</strong> <span className="order-desk-brand">{line.factory}</span>
          <div className="order-desk-name">{line.part_name}</div>
          {line.price_desc && <Tag color="orange">{line.price_desc}</Tag>}
        </div>
      ),
    },
    {
      title: t('admin.orderDesk.qty'),
      dataIndex: 'qty',
      align: 'right',
      render: (qty: number, line) => (
        <span className="order-desk-line-qty">
          {qty}
          {line.export_qty > 0 && (
            <div className="order-desk-shipped">
              {t('admin.orderDesk.shippedOpen', { shipped: line.export_qty, open: line.open_qty })}
            </div>
          )}
        </span>
      ),
    },
    {
      title: t('admin.orderDesk.price'),
      dataIndex: 'price',
      align: 'right',
      responsive: ['sm'],
      render: (price: string) => money(price, order?.header.currency ?? ''),
    },
    {
      title: t('admin.orderDesk.sum'),
      dataIndex: 'sum',
      align: 'right',
      render: (sum: string) => money(sum, order?.header.currency ?? ''),
    },
    {
      title: t('admin.orderDesk.stock'),
      key: 'stock',
      responsive: ['md'],
      render: (_, line) => <StockCell line={line} />,
    },
    ...(editable
      ? [
          {
            title: t('admin.orderDesk.actions'),
            key: 'edit',
            width: 120,
            render: (_: unknown, line: DeskLine) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setDialog({ kind: 'line', line })}>
                  {t('admin.orderDesk.editLine')}
                </Button>
                {order && order.lines.length > 1 && <RemoveLineButton order={order} line={line} />}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open
      onClose={onClose}
      className="order-desk-drawer"
      // The whole width on a phone, at most 960 px elsewhere.
      size="min(960px, 100vw)"
      title={
        order ? (
          <span className="order-desk-title">
            {order.header.no} <OrderStateTag state={order.header.state} />
          </span>
        ) : (
          t('admin.orderDesk.loading')
        )
      }
      loading={!order}
    >
      {order && (
        <>
          <div className="admin-row order-desk-actions">
            {can('confirm') && (
              <Button type="primary" onClick={() => setDialog({ kind: 'reason', action: 'confirm' })}>
                {t('admin.orderDesk.confirm')}
              </Button>
            )}
            {can('ship') && (
              <Button type="primary" onClick={() => setDialog({ kind: 'ship' })}>
                {t('admin.orderDesk.ship')}
              </Button>
            )}
            {can('edit') && (
              <Button onClick={() => setDialog({ kind: 'add' })}>{t('admin.orderDesk.addLine')}</Button>
            )}
            {can('hold') && (
              <Button onClick={() => setDialog({ kind: 'reason', action: 'hold' })}>
                {t('admin.orderDesk.hold')}
              </Button>
            )}
            {can('release') && (
              <Button onClick={() => setDialog({ kind: 'reason', action: 'release' })}>
                {t('admin.orderDesk.release')}
              </Button>
            )}
            {can('reject') && (
              <Button danger onClick={() => setDialog({ kind: 'reason', action: 'reject' })}>
                {t('admin.orderDesk.reject')}
              </Button>
            )}
            {can('cancel') && (
              <Button danger onClick={() => setDialog({ kind: 'reason', action: 'cancel' })}>
                {t('admin.orderDesk.cancel')}
              </Button>
            )}
          </div>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            className="order-desk-header admin-gap"
            items={[
              { key: 'company', label: t('admin.orderDesk.company'), children: order.header.company_name },
              ...(order.header.po_number
                ? [{ key: 'po', label: t('admin.orderDesk.poNumber'), children: order.header.po_number }]
                : []),
              {
                key: 'backorder',
                label: t('admin.orderDesk.backorder'),
                children: (
                  <span className={`order-desk-backorder backorder-${order.header.backorder}`}>
                    {t(`admin.orderDesk.backorderValue.${order.header.backorder}`)}
                  </span>
                ),
              },
              { key: 'date', label: t('admin.orderDesk.date'), children: formatDate(order.header.bill_date) },
              {
                key: 'amount',
                label: t('admin.orderDesk.amount'),
                children: money(order.header.amount, order.header.currency),
              },
              {
                key: 'freight',
                label: t('admin.orderDesk.freight'),
                children: money(order.header.freight, order.header.currency),
              },
              { key: 'consignee', label: t('admin.orderDesk.consignee'), children: order.header.consignee },
              {
                key: 'destination',
                label: t('admin.orderDesk.destination'),
                children: order.header.destination,
              },
              ...(order.header.remark
                ? [{ key: 'remark', label: t('admin.orderDesk.remark'), children: order.header.remark }]
                : []),
            ]}
          />
          <Descriptions
            size="small"
            bordered
            title={t('admin.orderDesk.credit')}
            column={{ xs: 1, sm: 2 }}
            className="order-desk-credit admin-gap"
            items={[
              {
                key: 'limit',
                label: t('admin.orderDesk.creditLimit'),
                children: money(order.credit.limit, order.credit.currency),
              },
              {
                key: 'debts',
                label: t('admin.orderDesk.openBalance'),
                children: money(order.credit.debts, order.credit.currency),
              },
              {
                key: 'available',
                label: t('admin.orderDesk.available'),
                children: (
                  <span className={order.credit.available.startsWith('-') ? 'order-desk-over' : undefined}>
                    {money(order.credit.available, order.credit.currency)}
                  </span>
                ),
              },
              { key: 'days', label: t('admin.orderDesk.paymentDays'), children: order.credit.payment_days },
            ]}
          />
          <Table<DeskLine>
            rowKey="id"
            size="small"
            className="order-desk-lines admin-gap"
            columns={columns}
            dataSource={order.lines}
            pagination={false}
          />
          <h3 className="order-desk-section">{t('admin.orderDesk.shipments')}</h3>
          {order.shipments.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.orderDesk.noShipments')} />
          ) : (
            <ul className="order-desk-shipments admin-gap">
              {order.shipments.map((shipment) => (
                <li key={shipment.delivery_id}>
                  <strong>{shipment.delivery_no}</strong> · {formatDate(shipment.date)} ·{' '}
                  {shipment.logistics_name}{' '}
                  <span className="order-desk-waybill">{shipment.logistics_no}</span> · {shipment.total_qty} ·{' '}
                  {money(shipment.amount, order.header.currency)} · {shipment.sales_bill_no}
                </li>
              ))}
            </ul>
          )}
          <h3 className="order-desk-section">{t('admin.orderDesk.history')}</h3>
          <Timeline
            className="order-desk-history"
            items={order.events.map((entry, index) => ({
              key: index,
              content: (
                <>
                  <span className="order-desk-when">{dayjs.unix(entry.at).format('YYYY-MM-DD HH:mm')}</span>{' '}
                  <OrderStateTag state={entry.to_state} /> {entry.note}
                </>
              ),
            }))}
          />
          {dialog?.kind === 'reason' && (
            <ReasonDialog order={order} action={dialog.action} onClose={() => setDialog(null)} />
          )}
          {dialog?.kind === 'line' && (
            <LineDialog order={order} line={dialog.line} onClose={() => setDialog(null)} />
          )}
          {dialog?.kind === 'add' && <AddLineDialog order={order} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'ship' && <ShipDialog order={order} onClose={() => setDialog(null)} />}
        </>
      )}
    </Drawer>
  );
}
