import { useState } from 'react';
import {
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { orderDeskEndpoints, type DeskLine, type DeskOrder } from '@partsportal/contract/order-desk';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { toastSuccess } from '@shared/ui/feedback';

/** Every desk call changes the queue (state, amounts) and the open order. */
const INVALIDATES = [orderDeskEndpoints.queue, orderDeskEndpoints.detail];

/** Runs a desk call; the API client toasts a refusal, so the dialog only stays open for a correction. */
async function run(work: () => Promise<unknown>, done: string, onDone: () => void) {
  try {
    await work();
    toastSuccess(done);
    onDone();
  } catch {
    // Toasted by the API client (the server's message in the reader's language).
  }
}

export type ReasonAction = 'confirm' | 'reject' | 'cancel' | 'hold' | 'release';

/** Confirm, reject, cancel, hold and release: one dialog, a reason where the action takes one. */
export function ReasonDialog({
  order,
  action,
  onClose,
}: {
  order: DeskOrder;
  action: ReasonAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = order.header.id;
  const required = action === 'reject';
  const call = () => {
    const text = reason.trim();
    const optional = text ? { reason: text } : {};
    switch (action) {
      case 'confirm':
        return mutateEndpoint(
          orderDeskEndpoints.confirm,
          { id, ...(text ? { remark: text } : {}) },
          { invalidates: INVALIDATES },
        );
      case 'reject':
        return mutateEndpoint(orderDeskEndpoints.reject, { id, reason: text }, { invalidates: INVALIDATES });
      case 'cancel':
        return mutateEndpoint(orderDeskEndpoints.cancel, { id, ...optional }, { invalidates: INVALIDATES });
      case 'hold':
        return mutateEndpoint(orderDeskEndpoints.hold, { id, ...optional }, { invalidates: INVALIDATES });
      case 'release':
        return mutateEndpoint(orderDeskEndpoints.release, { id }, { invalidates: INVALIDATES });
    }
  };
  return (
    <Modal
      open
      title={t(`admin.orderDesk.${action}Title`, { no: order.header.no })}
      okText={t(`admin.orderDesk.${action}`)}
      okButtonProps={{
        danger: action === 'reject' || action === 'cancel',
        disabled: required && !reason.trim(),
      }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => {
        setBusy(true);
        void run(call, t(`admin.orderDesk.${action}Done`, { no: order.header.no }), onClose).finally(() =>
          setBusy(false),
        );
      }}
      destroyOnHidden
    >
      <p className="order-desk-hint">{t(`admin.orderDesk.${action}Hint`)}</p>
      {action !== 'release' && (
        <Input.TextArea
          className="order-desk-reason"
          aria-label={t(required ? 'admin.orderDesk.reasonRequired' : 'admin.orderDesk.reasonOptional')}
          placeholder={t(required ? 'admin.orderDesk.reasonRequired' : 'admin.orderDesk.reasonOptional')}
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
    </Modal>
  );
}

interface LineValues {
  qty: number;
  price: string;
  reason?: string;
}

/** A line's quantity and price; a changed price needs its reason (shown to the buyer as the price note). */
export function LineDialog({
  order,
  line,
  onClose,
}: {
  order: DeskOrder;
  line: DeskLine;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LineValues>();
  const [busy, setBusy] = useState(false);
  const price = Form.useWatch('price', form);
  const priceChanged = price !== undefined && Number(price) !== Number(line.price);
  const save = (values: LineValues) => {
    setBusy(true);
    const body = {
      id: order.header.id,
      line_id: line.id,
      ...(values.qty !== line.qty ? { qty: values.qty } : {}),
      ...(Number(values.price) !== Number(line.price)
        ? { price: String(values.price), reason: (values.reason ?? '').trim() }
        : {}),
    };
    if (body.qty === undefined && !('price' in body)) {
      setBusy(false);
      onClose();
      return;
    }
    void run(
      () => mutateEndpoint(orderDeskEndpoints.updateLine, body, { invalidates: INVALIDATES }),
      t('admin.orderDesk.lineSaved'),
      onClose,
    ).finally(() => setBusy(false));
  };
  return (
    <Modal
      open
      title={t('admin.orderDesk.editLineTitle', { seq: line.seq, number: line.number })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<LineValues>
        form={form}
        layout="vertical"
        initialValues={{ qty: line.qty, price: line.price }}
        onFinish={save}
      >
        <Form.Item name="qty" label={t('admin.orderDesk.qty')} rules={[{ required: true }]}>
          <InputNumber min={1} max={999_999} precision={0} className="order-desk-number" />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('admin.orderDesk.price')}
          rules={[
            { required: true, pattern: /^\d{1,12}(\.\d{1,4})?$/, message: t('admin.orderDesk.priceFormat') },
          ]}
        >
          <Input inputMode="decimal" className="order-desk-number" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('admin.orderDesk.priceReason')}
          rules={[
            { required: priceChanged, whitespace: true, message: t('admin.orderDesk.priceReasonRequired') },
          ]}
        >
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function RemoveLineButton({ order, line }: { order: DeskOrder; line: DeskLine }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('admin.orderDesk.removeLineConfirm', { seq: line.seq, number: line.number })}
      okText={t('admin.orderDesk.removeLine')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        run(
          () =>
            mutateEndpoint(
              orderDeskEndpoints.removeLine,
              { id: order.header.id, line_id: line.id },
              { invalidates: INVALIDATES },
            ),
          t('admin.orderDesk.lineRemoved'),
          () => undefined,
        )
      }
    >
      <Button size="small" danger>
        {t('admin.orderDesk.removeLine')}
      </Button>
    </Popconfirm>
  );
}

/** Find a part by number and add it at the company's price, reserving stock in a chosen store. */
export function AddLineDialog({ order, onClose }: { order: DeskOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<{ cpid: number; store_id?: number; qty: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const parts = useEndpointQuery(
    orderDeskEndpoints.findParts,
    { id: order.header.id, keyword: keyword || '-' },
    { enabled: keyword.length > 0 },
  );
  const list = keyword ? (parts.data ?? []) : [];
  return (
    <Modal
      open
      title={t('admin.orderDesk.addLineTitle', { no: order.header.no })}
      okText={t('admin.orderDesk.addLine')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !picked }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => {
        if (!picked) return;
        setBusy(true);
        void run(
          () =>
            mutateEndpoint(
              orderDeskEndpoints.addLine,
              {
                id: order.header.id,
                cpid: picked.cpid,
                qty: picked.qty,
                ...(picked.store_id ? { store_id: picked.store_id } : {}),
              },
              { invalidates: INVALIDATES },
            ),
          t('admin.orderDesk.lineAdded'),
          onClose,
        ).finally(() => setBusy(false));
      }}
      destroyOnHidden
      width={640}
    >
      <Input.Search
        allowClear
        autoFocus
        aria-label={t('admin.orderDesk.partNumber')}
        placeholder={t('admin.orderDesk.partNumber')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPicked(null);
        }}
        loading={parts.isFetching}
      />
      <ul className="order-desk-parts">
        {list.map((part) => (
          <li key={part.cpid} className={picked?.cpid === part.cpid ? 'is-picked' : undefined}>
            <Button
              type="link"
              onClick={() => setPicked({ cpid: part.cpid, qty: Math.max(1, part.buy_qty) })}
            >
              {part.number} {part.factory}
            </Button>{' '}
            {part.part_name} · {money(part.price, order.header.currency)}
            {picked?.cpid === part.cpid && (
              <div className="admin-row order-desk-pick">
                <InputNumber
                  aria-label={t('admin.orderDesk.qty')}
                  min={1}
                  max={999_999}
                  precision={0}
                  value={picked.qty}
                  onChange={(qty) => setPicked({ ...picked, qty: qty ?? 1 })}
                />
                <Select<number>
                  className="order-desk-store-select"
                  aria-label={t('admin.orderDesk.store')}
                  placeholder={t('admin.orderDesk.storeMost')}
                  allowClear
                  value={picked.store_id}
                  onChange={(storeId) =>
                    setPicked({
                      cpid: picked.cpid,
                      qty: picked.qty,
                      ...(storeId ? { store_id: storeId } : {}),
                    })
                  }
                  options={part.stores.map((store) => ({
                    value: store.store_id,
                    label: `${store.store_name} (${store.available_stock})`,
                  }))}
                />
              </div>
            )}
          </li>
        ))}
        {keyword && !parts.isFetching && list.length === 0 && <li>{t('admin.orderDesk.noParts')}</li>}
      </ul>
    </Modal>
  );
}

/** Ship from one store: a quantity per line (the open quantity by default), carrier, waybill, date. */
export function ShipDialog({ order, onClose }: { order: DeskOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useEndpointQuery(orderDeskEndpoints.shipOptions, {});
  const open = order.lines.filter((line) => line.open_qty > 0);
  const [store, setStore] = useState<number | undefined>(open[0]?.store_id ?? undefined);
  const [carrier, setCarrier] = useState<number | undefined>();
  const [waybill, setWaybill] = useState('');
  const [date, setDate] = useState<Dayjs>(dayjs());
  const [qty, setQty] = useState<Record<number, number>>(
    Object.fromEntries(open.map((line) => [line.id, line.open_qty])),
  );
  const [busy, setBusy] = useState(false);
  const lines = open.filter((line) => (qty[line.id] ?? 0) > 0);
  const ready = store !== undefined && carrier !== undefined && waybill.trim() !== '' && lines.length > 0;

  const columns: TableColumnsType<DeskLine> = [
    { title: '#', dataIndex: 'seq', width: 44 },
    {
      title: t('admin.orderDesk.part'),
      dataIndex: 'number',
      render: (number: string, line) => (
        <>
          <strong>{number}</strong> <span className="order-desk-name">{line.part_name}</span>
        </>
      ),
    },
    {
      title: t('admin.orderDesk.inStore'),
      key: 'store',
      align: 'right',
      render: (_, line) => {
        const held = line.stores.find((entry) => entry.store_id === store);
        // Pieces reserved for this line in that store count as there for it.
        const there = held ? (line.store_id === store ? held.stock : held.available_stock) : 0;
        return <span className={there < (qty[line.id] ?? 0) ? 'order-desk-over' : undefined}>{there}</span>;
      },
    },
    {
      title: t('admin.orderDesk.toShip'),
      key: 'qty',
      width: 120,
      render: (_, line) => (
        <InputNumber
          aria-label={t('admin.orderDesk.toShipLine', { seq: line.seq })}
          className="order-desk-ship-qty"
          min={0}
          max={line.open_qty}
          precision={0}
          value={qty[line.id] ?? 0}
          onChange={(value) => setQty({ ...qty, [line.id]: value ?? 0 })}
        />
      ),
    },
  ];

  return (
    <Modal
      open
      title={t('admin.orderDesk.shipTitle', { no: order.header.no })}
      okText={t('admin.orderDesk.ship')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => {
        if (!ready) return;
        setBusy(true);
        void run(
          () =>
            mutateEndpoint(
              orderDeskEndpoints.ship,
              {
                id: order.header.id,
                store_id: store,
                carrier_id: carrier,
                logistics_no: waybill.trim(),
                date: date.unix(),
                lines: lines.map((line) => ({ line_id: line.id, qty: qty[line.id]! })),
              },
              { invalidates: INVALIDATES },
            ),
          t('admin.orderDesk.shipDone', { no: order.header.no }),
          onClose,
        ).finally(() => setBusy(false));
      }}
      destroyOnHidden
      width={720}
    >
      <div className="order-desk-ship-grid">
        <Select<number>
          aria-label={t('admin.orderDesk.store')}
          placeholder={t('admin.orderDesk.store')}
          className="order-desk-ship-store"
          value={store}
          onChange={setStore}
          options={(options.data?.stores ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
        />
        <Select<number>
          aria-label={t('admin.orderDesk.carrier')}
          placeholder={t('admin.orderDesk.carrier')}
          className="order-desk-ship-carrier"
          value={carrier}
          onChange={setCarrier}
          options={(options.data?.carriers ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
        />
        <Input
          aria-label={t('admin.orderDesk.waybill')}
          placeholder={t('admin.orderDesk.waybill')}
          className="order-desk-ship-waybill"
          maxLength={100}
          value={waybill}
          onChange={(event) => setWaybill(event.target.value)}
        />
        <DatePicker
          aria-label={t('admin.orderDesk.shipDate')}
          value={date}
          allowClear={false}
          onChange={(value) => setDate(value ?? dayjs())}
        />
      </div>
      <Table<DeskLine>
        rowKey="id"
        size="small"
        className="order-desk-ship-lines"
        columns={columns}
        dataSource={open}
        pagination={false}
      />
    </Modal>
  );
}
