import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  InputNumber,
  Popconfirm,
  Skeleton,
  Space,
  Timeline,
  type TableColumnsType,
} from 'antd';
import {
  ArrowLeftOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  FileExcelOutlined,
  PayCircleOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import { orderEndpoints, type OrderDetail, type OrderLine } from '@partsportal/contract/orders';
import { cartChanged, ORDER_READS } from '@shared/api/cart-api';
import { channelLabel } from '@shared/records/channel';
import { callEndpoint } from '@shared/api/client';
import { invalidateEndpoints, mutateEndpoint, setEndpointData } from '@shared/api/server-state';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { formatMoney } from '@partsportal/contract/money-format';
import { useRecordDetail } from '@shared/records/record-detail';
import { RecordLinesTable } from '@shared/records/record-lines-table';
import { useColumnChoice } from '@shared/columns/column-chooser';
import { useHasAnyCode } from '@shared/permission/use-has-code';
import { useSettingsStore } from '@shared/stores/settings-store';
import { DeliveryRate, OrderStateTag } from '@shared/records/order-cells';
import { exportOrderDetail } from './order-export';
import { formatDeliveryRate } from '@shared/records/order-state';
import { useFeedback } from '@shared/ui/feedback';
import './order-print.css';
import './orders.css';
import { MissingPage } from '@shared/ui/missing-state';

const PATH = '/order/detail';

/** Every line field of spec §3, in the table's order, with its label's locale key. */
const LINE_FIELDS = [
  ['seq', 'orders.seq'],
  ['part_name', 'catalog.partName'],
  ['number', 'catalog.number'],
  ['factory', 'catalog.factory'],
  ['my_number', 'catalog.myNumber'],
  ['unit', 'catalog.unit'],
  ['make_names', 'catalog.vehicles'],
  ['extend_param', 'orders.extendParam'],
  ['qty', 'catalog.quantity'],
  ['export_qty', 'orders.exportQty'],
  ['price', 'catalog.price'],
  ['sum', 'orders.sum'],
  ['client_remark', 'orders.clientRemark'],
  ['remark', 'orders.remark'],
  ['tax_price', 'orders.taxPrice'],
  ['price_desc', 'orders.priceDesc'],
] as const;

/**
 * The lines' columns before the user chooses (issue 17 item 2): these fit 1440 px without
 * sideways scrolling, with the unpaid order's edit and delete; the rest are in "Columns".
 */
const LINE_DEFAULT_COLUMNS = ['seq', 'part_name', 'number', 'factory', 'qty', 'export_qty', 'price', 'sum'];

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const locale = useSettingsStore((s) => s.language);
  const formatDate = useFormatDate();
  const canBuy = useHasAnyCode([MENU_CODES.cart]);
  const {
    id,
    detail: loaded,
    record,
  } = useRecordDetail(PATH, orderEndpoints.getOrderDetail, (order) => order.header.id);
  const detail = record;
  // A line change answers with the whole new order: it becomes the cached detail, and the lists
  // that show the order's totals and lines are stale.
  const setChanged = (next: OrderDetail) => {
    setEndpointData(orderEndpoints.getOrderDetail, {}, { id: next.header.id }, next);
    void invalidateEndpoints(
      orderEndpoints.getOrderList,
      orderEndpoints.getOrderLineList,
      orderEndpoints.getPendingOrders,
    );
  };
  const [busy, setBusy] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  // Enter saves, and the input then loses focus (it is disabled while saving): one call only.
  const saving = useRef(false);
  const choosable = useMemo(() => LINE_FIELDS.map(([key, label]) => ({ key, title: t(label) })), [t]);
  const columnChoice = useColumnChoice({
    table: 'order-lines',
    columns: choosable,
    defaults: LINE_DEFAULT_COLUMNS,
    required: ['number', 'qty'],
  });

  const run = async (what: string, action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } catch {
      // The server's refusal ("Modify an exception! …") was toasted by the API client.
    } finally {
      setBusy(null);
    }
  };

  // Not found keeps the page's title and card, like the other detail pages.
  const missing = <MissingPage pageTitle={t('route.orderDetail')} title={t('orders.notFound')} />;
  if (!id) return missing;
  if (!detail) {
    return loaded.isError ? missing : <Skeleton active paragraph={{ rows: 10 }} />;
  }
  const h = detail.header;
  const awaitingPayment = h.state === 'pending_payment';
  const money = (amount: string) => formatMoney(amount, h.currency, locale);

  // A quantity change moves stock and the order's total, so it is confirmed first (issue 17
  // item 5); "cancel" puts the old quantity back into the input.
  const saveQty = (line: OrderLine) => {
    const qty = quantities[line.id];
    if (qty === undefined || qty === line.qty || saving.current) return;
    saving.current = true;
    const forget = () => {
      saving.current = false;
      setQuantities(({ [line.id]: _dropped, ...rest }) => rest);
    };
    modal.confirm({
      title: t('orders.qtyChangeTitle'),
      content: t('orders.qtyChangeConfirm', { number: line.number, from: line.qty, to: qty }),
      okText: t('orders.changeQty'),
      cancelText: t('common.cancel'),
      onOk: () =>
        run(`qty-${line.id}`, async () => {
          try {
            const next = await callEndpoint(orderEndpoints.updateOrderLine, {
              order_id: h.id,
              line_id: line.id,
              qty,
            });
            setChanged(next);
            void message.success(t('orders.qtySaved', { number: line.number, qty }));
          } finally {
            forget();
          }
        }),
      onCancel: () => {
        forget();
        void message.info(t('orders.qtyChangeKept'));
      },
    });
  };

  const deleteLine = (line: OrderLine) =>
    run(`delete-${line.id}`, async () => {
      const next = await callEndpoint(orderEndpoints.deleteOrderLine, { order_id: h.id, line_id: line.id });
      setChanged(next);
      void message.success(t('orders.lineDeleted', { number: line.number }));
    });

  // Spec §2: an unpaid order is paid or cancelled from its detail too (issue 17 item 5), with
  // the personal centre's call (CancelOrder, PENDING_ORDER_CODES: 1006 or 1002, so whoever
  // opens this page may cancel) and its confirmation.
  const cancelOrder = () =>
    modal.confirm({
      title: t('pending.cancelTitle'),
      content: t('pending.cancelConfirm', { no: h.no }),
      okText: t('pending.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('orders.keepOrder'),
      onOk: () =>
        run('cancel', async () => {
          await mutateEndpoint(
            orderEndpoints.cancelOrder,
            {},
            { params: { id: h.id }, invalidates: ORDER_READS },
          );
          void message.success(t('pending.cancelled', { no: h.no }));
        }),
    });

  const buyAgain = () =>
    run('buy', async () => {
      const answer = await callEndpoint(orderEndpoints.buyAgain, {}, { params: { id: h.id } });
      cartChanged(answer.carts);
      if (answer.unavailable.length === 0) {
        void message.success(t('orders.boughtAgain', { count: answer.added }));
      } else {
        void message.warning({
          content: (
            <span className="buy-again-result">
              {t('orders.boughtAgain', { count: answer.added })}{' '}
              {t('orders.unavailable', {
                list: answer.unavailable
                  .map((u) => `${u.number} (${t(`orders.reason.${u.reason}`)})`)
                  .join(', '),
              })}
            </span>
          ),
          duration: 8,
        });
      }
    });

  // The export carries every line field, whatever the table shows.
  const lineLabels = LINE_FIELDS.map(([, label]) => t(label));

  const onExport = () =>
    run('export', () =>
      exportOrderDetail(detail, {
        header: {
          no: t('orders.no'),
          company: t('orders.company'),
          billDate: t('orders.billDate'),
          from: t('orders.from'),
          state: t('orders.state'),
          currency: t('stock.currency'),
          rate: t('orders.deliveryRate'),
          amount: t('orders.amount'),
          freight: t('orders.freight'),
          remark: t('orders.remark'),
        },
        state: t(`orderState.${h.state}`),
        rate: formatDeliveryRate(h.export_rate, locale),
        lines: lineLabels,
      }),
    );

  const [
    seqL,
    nameL,
    numberL,
    factoryL,
    myNumberL,
    unitL,
    makesL,
    extendL,
    qtyL,
    exportQtyL,
    priceL,
    sumL,
    clientRemarkL,
    remarkL,
    taxL,
    descL,
  ] = lineLabels;
  const allColumns: TableColumnsType<OrderLine> = [
    { key: 'seq', dataIndex: 'seq', title: seqL, width: 56 },
    { key: 'part_name', dataIndex: 'part_name', title: nameL, width: 150 },
    { key: 'number', dataIndex: 'number', title: numberL, width: 140, className: 'product-number' },
    { key: 'factory', dataIndex: 'factory', title: factoryL, width: 110 },
    { key: 'my_number', dataIndex: 'my_number', title: myNumberL, width: 110 },
    { key: 'unit', dataIndex: 'unit', title: unitL, width: 80 },
    { key: 'make_names', dataIndex: 'make_names', title: makesL, width: 150, ellipsis: true },
    { key: 'extend_param', dataIndex: 'extend_param', title: extendL, width: 90, ellipsis: true },
    {
      key: 'qty',
      title: qtyL,
      width: detail.can_edit ? 120 : 96,
      align: 'right',
      render: (_, line) =>
        detail.can_edit ? (
          <InputNumber
            className="qty-input no-print-border"
            aria-label={t('catalog.quantityFor', { number: line.number })}
            min={1}
            max={999_999}
            precision={0}
            disabled={busy !== null}
            value={quantities[line.id] ?? line.qty}
            onChange={(value) => value !== null && setQuantities((q) => ({ ...q, [line.id]: value }))}
            onBlur={() => saveQty(line)}
            // On key up, not down: a dialog opened while Enter is still down got that key press
            // and closed at once (the confirmation below).
            onKeyUp={(event) => event.key === 'Enter' && saveQty(line)}
          />
        ) : (
          line.qty
        ),
    },
    { key: 'export_qty', dataIndex: 'export_qty', title: exportQtyL, width: 104, align: 'right' },
    { key: 'price', title: priceL, width: 130, align: 'right', render: (_, line) => money(line.price) },
    { key: 'sum', title: sumL, width: 140, align: 'right', render: (_, line) => money(line.sum) },
    { key: 'client_remark', dataIndex: 'client_remark', title: clientRemarkL, width: 140, ellipsis: true },
    { key: 'remark', dataIndex: 'remark', title: remarkL, width: 140, ellipsis: true },
    { key: 'tax_price', title: taxL, width: 140, align: 'right', render: (_, line) => money(line.tax_price) },
    { key: 'price_desc', dataIndex: 'price_desc', title: descL, width: 140, ellipsis: true },
    ...(detail.can_delete_lines
      ? [
          {
            key: 'actions',
            title: t('pending.actions'),
            width: 120,
            // Kept in view when chosen columns make the lines scroll sideways.
            fixed: 'right' as const,
            className: 'no-print',
            render: (_: unknown, line: OrderLine) => (
              <Popconfirm
                title={t('orders.deleteTitle')}
                description={t('orders.deleteConfirm', { number: line.number })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => deleteLine(line)}
                onCancel={() => void message.info(t('orders.deletionCancelled'))}
              >
                <Button danger size="small" icon={<DeleteOutlined />} loading={busy === `delete-${line.id}`}>
                  {t('orders.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  // The actions are not a line field: always there when the order allows deleting.
  const columns = allColumns.filter((c) => c.key === 'actions' || columnChoice.visible.has(String(c.key)));
  const linesWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 100), 0);

  return (
    <section className="page order-detail-page order-print-root" aria-labelledby="order-detail-title">
      <h1 id="order-detail-title" className="page-title">
        {t('route.orderDetail')} <span className="order-no">{h.no}</span>
      </h1>
      <Space wrap className="detail-actions no-print">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
          {t('orders.back')}
        </Button>
        <Button
          icon={<FileExcelOutlined />}
          className="export-xlsx"
          loading={busy === 'export'}
          onClick={() => void onExport()}
        >
          {t('stock.export')}
        </Button>
        <Button icon={<PrinterOutlined />} className="print-order" onClick={() => window.print()}>
          {t('orders.print')}
        </Button>
        {awaitingPayment && canBuy && (
          // The pay page is a step of the cart flow (/cart/pay needs 1006, as in the personal centre).
          <Button
            type="primary"
            icon={<PayCircleOutlined />}
            className="order-pay"
            onClick={() => void navigate(`/cart/pay?id=${h.id}`)}
          >
            {t('pending.pay')}
          </Button>
        )}
        {awaitingPayment && (
          <Button
            danger
            icon={<CloseCircleOutlined />}
            className="order-cancel"
            loading={busy === 'cancel'}
            onClick={cancelOrder}
          >
            {t('pending.cancel')}
          </Button>
        )}
        {canBuy && (
          <Button
            type={awaitingPayment ? 'default' : 'primary'}
            icon={<ShoppingCartOutlined />}
            className="buy-again"
            loading={busy === 'buy'}
            onClick={() => void buyAgain()}
          >
            {t('orders.buyAgain')}
          </Button>
        )}
      </Space>
      {awaitingPayment && (
        <Alert className="order-pending-hint no-print" type="info" showIcon title={t('orders.pendingHint')} />
      )}
      <Card size="small" className="detail-card order-header">
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('orders.no')}>{h.no}</Descriptions.Item>
          {h.po_number && (
            <Descriptions.Item label={t('orders.poNumber')}>
              <span className="order-po-number">{h.po_number}</span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('orders.company')}>{h.company_sort_name}</Descriptions.Item>
          <Descriptions.Item label={t('orders.billDate')}>{formatDate(h.bill_date)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.from')}>{channelLabel(t, h.from)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.state')}>
            <OrderStateTag state={h.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('stock.currency')}>{h.currency}</Descriptions.Item>
          <Descriptions.Item label={t('orders.deliveryRate')}>
            <span className="rate-cell">
              <DeliveryRate rate={h.export_rate} locale={locale} />
            </span>
          </Descriptions.Item>
          <Descriptions.Item
            label={t('orders.qtyDelivered')}
          >{`${h.export_qty} / ${h.total_qty}`}</Descriptions.Item>
          <Descriptions.Item label={t('orders.amount')}>
            <strong className="order-amount">{money(h.amount)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.freight')}>{money(h.freight)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.backorder')}>
            <span className="order-backorder">{t(`checkout.backorder.${h.backorder}`)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.remark')}>{h.remark || '—'}</Descriptions.Item>
          {h.extendParam && (
            <Descriptions.Item label={t('orders.extendParam')}>{h.extendParam}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <div className="table-toolbar order-lines-toolbar no-print">
        <span className="toolbar-end">{columnChoice.chooser}</span>
      </div>
      <RecordLinesTable<OrderLine>
        className="order-lines"
        columns={columns}
        dataSource={detail.lines}
        scroll={{ x: linesWidth }}
      />
      <Card size="small" title={t('orders.history')} className="order-history">
        <Timeline
          items={detail.events.map((event) => ({
            color:
              event.to_state === 'cancelled' ? 'gray' : event.to_state === 'delivered' ? 'green' : 'blue',
            content: (
              <span>
                <span className="muted">{dayjs.unix(event.at).format('YYYY-MM-DD HH:mm')}</span>{' '}
                <OrderStateTag state={event.to_state} /> {event.note}
              </span>
            ),
          }))}
        />
      </Card>
    </section>
  );
}
