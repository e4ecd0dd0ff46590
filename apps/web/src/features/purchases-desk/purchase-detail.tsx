import { useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  purchasesDeskEndpoints,
  type DeskPurchase,
  type DeskPurchaseLine,
  type PurchaseOptions,
} from '@partsportal/contract/purchases-desk';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { toastSuccess } from '@shared/ui/feedback';
import { PurchaseStateTag } from './purchase-state-tag';

/** Every action changes the list (state, received) and the open purchase. */
const INVALIDATES = [purchasesDeskEndpoints.list, purchasesDeskEndpoints.detail];

/** Runs an action; the API client toasts a refusal, so a dialog only stays open for a correction. */
async function run(work: () => Promise<unknown>, done: string, onDone: () => void) {
  try {
    await work();
    toastSuccess(done);
    onDone();
  } catch {
    // Shown by the API client.
  }
}

/** Receive into one store: a quantity per open line, the open quantity by default. */
function ReceiveDialog({
  purchase,
  stores,
  onClose,
}: {
  purchase: DeskPurchase;
  stores: PurchaseOptions['stores'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = purchase.lines.filter((line) => line.open_qty > 0);
  const [store, setStore] = useState<number | undefined>(stores[0]?.id);
  const [qty, setQty] = useState<Record<number, number>>(
    Object.fromEntries(open.map((line) => [line.id, line.open_qty])),
  );
  const [busy, setBusy] = useState(false);
  const lines = open.filter((line) => (qty[line.id] ?? 0) > 0);
  const ready = store !== undefined && lines.length > 0;
  // No sideways scrolling on a phone: the open quantity goes under the part, the # column away.
  const columns: TableColumnsType<DeskPurchaseLine> = [
    { title: '#', dataIndex: 'seq', width: 44, responsive: ['sm'] },
    {
      title: t('admin.purchasesDesk.part'),
      dataIndex: 'number',
      render: (number: string, line) => (
        <>
          <strong>{number}</strong> <span className="purchases-desk-muted">{line.part_name}</span>
          <div className="purchases-desk-muted">{t('admin.purchasesDesk.openQty', { n: line.open_qty })}</div>
        </>
      ),
    },
    {
      title: t('admin.purchasesDesk.toReceive'),
      key: 'qty',
      width: 104,
      render: (_, line) => (
        <InputNumber
          aria-label={t('admin.purchasesDesk.toReceiveLine', { seq: line.seq })}
          className="purchases-desk-receive-qty"
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
      title={t('admin.purchasesDesk.receiveTitle', { no: purchase.header.no })}
      okText={t('admin.purchasesDesk.receive')}
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
              purchasesDeskEndpoints.receive,
              {
                id: purchase.header.id,
                store_id: store,
                lines: lines.map((line) => ({ line_id: line.id, qty: qty[line.id]! })),
              },
              { invalidates: INVALIDATES },
            ),
          t('admin.purchasesDesk.receiveDone', { no: purchase.header.no }),
          onClose,
        ).finally(() => setBusy(false));
      }}
      destroyOnHidden
      width={640}
    >
      <p className="purchases-desk-hint">{t('admin.purchasesDesk.receiveHint')}</p>
      <Select<number>
        className="purchases-desk-store admin-gap"
        aria-label={t('admin.purchasesDesk.store')}
        placeholder={t('admin.purchasesDesk.store')}
        value={store}
        onChange={setStore}
        options={stores.map((entry) => ({ value: entry.id, label: entry.name }))}
      />
      <Table<DeskPurchaseLine>
        rowKey="id"
        size="small"
        className="purchases-desk-receive-lines"
        columns={columns}
        dataSource={open}
        pagination={false}
      />
    </Modal>
  );
}

function CancelDialog({ purchase, onClose }: { purchase: DeskPurchase; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('admin.purchasesDesk.cancelTitle', { no: purchase.header.no })}
      okText={t('admin.purchasesDesk.cancel')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => {
        setBusy(true);
        void run(
          () =>
            mutateEndpoint(
              purchasesDeskEndpoints.cancel,
              { id: purchase.header.id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
              { invalidates: INVALIDATES },
            ),
          t('admin.purchasesDesk.cancelDone', { no: purchase.header.no }),
          onClose,
        ).finally(() => setBusy(false));
      }}
      destroyOnHidden
    >
      <p>{t('admin.purchasesDesk.cancelHint')}</p>
      <Input.TextArea
        aria-label={t('admin.purchasesDesk.reason')}
        placeholder={t('admin.purchasesDesk.reason')}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </Modal>
  );
}

/** One purchase in a drawer: header, lines with ordered / received / open, the allowed actions. */
export default function PurchaseDetail({
  id,
  stores,
  onClose,
}: {
  id: number;
  stores: PurchaseOptions['stores'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const formatDate = useFormatDate();
  const [dialog, setDialog] = useState<'receive' | 'cancel' | null>(null);
  const query = useEndpointQuery(purchasesDeskEndpoints.detail, { id });
  const purchase = query.data?.header.id === id ? query.data : undefined;
  const can = (action: DeskPurchase['actions'][number]) => purchase?.actions.includes(action) ?? false;
  const currency = purchase?.header.currency ?? '';

  const columns: TableColumnsType<DeskPurchaseLine> = [
    { title: '#', dataIndex: 'seq', width: 44, responsive: ['sm'] },
    {
      title: t('admin.purchasesDesk.part'),
      dataIndex: 'number',
      render: (number: string, line) => (
        <div>
          <strong>{number}</strong> <span className="purchases-desk-muted">{line.factory}</span>
          <div className="purchases-desk-muted">{line.part_name}</div>
        </div>
      ),
    },
    {
      title: t('admin.purchasesDesk.receivedOfOrdered'),
      dataIndex: 'received_qty',
      align: 'right',
      render: (received: number, line) => (
        <span className="purchases-desk-line-qty">
          <span className={`purchases-desk-line-received${line.open_qty === 0 ? ' is-complete' : ''}`}>
            {received}
          </span>{' '}
          / {line.qty}
        </span>
      ),
    },
    {
      title: t('admin.purchasesDesk.price'),
      dataIndex: 'price',
      align: 'right',
      responsive: ['sm'],
      render: (price: string) => money(price, currency),
    },
    {
      title: t('admin.purchasesDesk.sum'),
      dataIndex: 'sum',
      align: 'right',
      render: (sum: string) => money(sum, currency),
    },
  ];

  return (
    <Drawer
      open
      onClose={onClose}
      className="purchases-desk-drawer"
      // The whole width on a phone, at most 860 px elsewhere.
      size="min(860px, 100vw)"
      title={
        purchase ? (
          <span>
            {purchase.header.no} <PurchaseStateTag state={purchase.header.state} />
          </span>
        ) : (
          t('admin.purchasesDesk.loading')
        )
      }
    >
      {purchase && (
        <>
          <Space wrap className="purchases-desk-actions">
            {can('order') && (
              <Popconfirm
                title={t('admin.purchasesDesk.orderConfirm', { no: purchase.header.no })}
                okText={t('admin.purchasesDesk.order')}
                cancelText={t('common.cancel')}
                onConfirm={() =>
                  run(
                    () =>
                      mutateEndpoint(
                        purchasesDeskEndpoints.order,
                        { id: purchase.header.id },
                        { invalidates: INVALIDATES },
                      ),
                    t('admin.purchasesDesk.orderDone', { no: purchase.header.no }),
                    () => undefined,
                  )
                }
              >
                <Button type="primary" className="purchases-desk-order">
                  {t('admin.purchasesDesk.order')}
                </Button>
              </Popconfirm>
            )}
            {can('receive') && (
              <Button type="primary" className="purchases-desk-receive" onClick={() => setDialog('receive')}>
                {t('admin.purchasesDesk.receive')}
              </Button>
            )}
            {can('cancel') && (
              <Button danger onClick={() => setDialog('cancel')}>
                {t('admin.purchasesDesk.cancel')}
              </Button>
            )}
          </Space>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            className="purchases-desk-header"
            items={[
              {
                key: 'supplier',
                label: t('admin.purchasesDesk.supplier'),
                children: purchase.header.supplier_name,
              },
              {
                key: 'date',
                label: t('admin.purchasesDesk.date'),
                children: formatDate(purchase.header.bill_date),
              },
              {
                key: 'require',
                label: t('admin.purchasesDesk.requireDate'),
                children: purchase.header.require_date ? formatDate(purchase.header.require_date) : '—',
              },
              {
                key: 'purchaser',
                label: t('admin.purchasesDesk.purchaser'),
                children: purchase.header.sales_man_name,
              },
              {
                key: 'amount',
                label: t('admin.purchasesDesk.amount'),
                children: money(purchase.header.amount, currency),
              },
              {
                key: 'received',
                label: t('admin.purchasesDesk.received'),
                children: `${purchase.header.received_qty} / ${purchase.header.total_qty}`,
              },
              ...(purchase.header.remark
                ? [
                    {
                      key: 'remark',
                      label: t('admin.purchasesDesk.remark'),
                      children: purchase.header.remark,
                    },
                  ]
                : []),
            ]}
          />
          <Table<DeskPurchaseLine>
            rowKey="id"
            size="small"
            className="purchases-desk-lines"
            columns={columns}
            dataSource={purchase.lines}
            pagination={false}
          />
          {dialog === 'receive' && (
            <ReceiveDialog purchase={purchase} stores={stores} onClose={() => setDialog(null)} />
          )}
          {dialog === 'cancel' && <CancelDialog purchase={purchase} onClose={() => setDialog(null)} />}
        </>
      )}
    </Drawer>
  );
}
