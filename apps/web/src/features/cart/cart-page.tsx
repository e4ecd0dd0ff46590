import { useState } from 'react';
import {
  App,
  Button,
  Empty,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { ClearOutlined, DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cartEndpoints, type CartLine } from '@partsportal/contract/cart';
import { assetUrl } from '@shared/api/asset-url';
import { CART_READS, showCartCount } from '@shared/api/cart-api';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { qtyStep, roundToBuyQty } from '@shared/catalog/quantity';
import { selectAllTitle } from '@shared/ui/table-a11y';
import { BulkOrderPanel } from './bulk-order-panel';
import { useFormatMoney } from '@shared/format/use-format-money';

/** Quantity edited inline; sent on blur / Enter / the step buttons, rounded up to buy_qty. */
function QtyCell({ line, onCommit }: { line: CartLine; onCommit: (qty: number) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(line.qty);
  const [seen, setSeen] = useState(line.qty);
  if (seen !== line.qty) {
    setSeen(line.qty);
    setValue(line.qty);
  }
  const commit = (next: number | null) => {
    const qty = roundToBuyQty(next, line.buy_qty);
    setValue(qty);
    if (qty !== line.qty) onCommit(qty);
  };
  return (
    <InputNumber
      className="qty-input"
      aria-label={t('catalog.quantityFor', { number: line.number })}
      min={qtyStep(line.buy_qty)}
      step={qtyStep(line.buy_qty)}
      precision={0}
      value={value}
      onChange={setValue}
      onBlur={() => commit(value)}
      onPressEnter={() => commit(value)}
      onStep={(next) => commit(next)}
    />
  );
}

/** Remark edited inline, sent on blur / Enter when it changed. */
function RemarkCell({ line, onCommit }: { line: CartLine; onCommit: (remark: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(line.remark);
  const [seen, setSeen] = useState(line.remark);
  if (seen !== line.remark) {
    setSeen(line.remark);
    setValue(line.remark);
  }
  const commit = () => {
    if (value.trim() !== line.remark) onCommit(value.trim());
  };
  return (
    <Input
      aria-label={t('cart.remarkFor', { number: line.number })}
      maxLength={200}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

export default function CartPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  // Every cart write (here, in the catalogue, at checkout) invalidates this read.
  const cart = useEndpointQuery(cartEndpoints.getCartList, {}, { params: { n: 0 } });
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  const lines = cart.data?.list ?? [];
  const currency = cart.data?.currency ?? '';
  const checked = selected.filter((id) => lines.some((l) => l.id === id));

  const update = async (
    line: CartLine,
    patch: { qty?: number; store_id?: number | null; remark?: string },
  ) => {
    try {
      const answer = await mutateEndpoint(
        cartEndpoints.updateCart,
        { id: line.id, ...patch },
        { invalidates: CART_READS },
      );
      showCartCount(answer.carts);
    } catch {
      // Toasted by the API client; the refetch shows the line as the server has it.
    }
  };

  const onRemove = () => {
    if (checked.length === 0) {
      void message.warning(t('cart.checkRemove'));
      return;
    }
    modal.confirm({
      title: t('cart.removeTitle'),
      content: t('cart.removeConfirm', { count: checked.length }),
      okText: t('cart.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const { carts: left } = await mutateEndpoint(
            cartEndpoints.removeCart,
            { ids: checked },
            { invalidates: CART_READS },
          );
          showCartCount(left);
          setSelected([]);
          void message.success(t('cart.removed', { count: checked.length }));
        } catch {
          // Toasted.
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const onClear = () => {
    modal.confirm({
      title: t('cart.clearTitle'),
      content: t('cart.clearConfirm'),
      okText: t('cart.clear'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const { carts: left } = await mutateEndpoint(
            cartEndpoints.clearCart,
            {},
            { invalidates: CART_READS },
          );
          showCartCount(left);
          setSelected([]);
        } catch {
          // Toasted.
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const onSubmit = () => {
    if (checked.length === 0) {
      void message.warning(t('cart.checkSubmit'));
      return;
    }
    void navigate(`/cart/submit?ids=${checked.join(',')}`);
  };

  const columns: TableColumnsType<CartLine> = [
    {
      key: 'pic',
      title: t('cart.picture'),
      width: 72,
      render: (_, line) => (
        <img
          className="product-thumb"
          src={assetUrl(line.pic)}
          alt={line.number}
          width={48}
          height={48}
          loading="lazy"
        />
      ),
    },
    {
      key: 'number',
      title: t('catalog.number'),
      width: 190,
      render: (_, line) => (
        <div className="number-cell">
          <span className="product-number">{line.number}</span>
          <span>{line.part_name}</span>
          <span className="muted">{line.factory}</span>
          {line.status !== 'ok' && (
            <Tag className="line-status" color={line.status === 'unavailable' ? 'red' : 'orange'}>
              {line.message || t(`cart.status.${line.status}`)}
            </Tag>
          )}
        </div>
      ),
    },
    {
      key: 'store',
      title: t('cart.store'),
      width: 200,
      render: (_, line) => (
        <Select<number>
          className="store-select"
          aria-label={t('cart.storeFor', { number: line.number })}
          allowClear
          placeholder={t('cart.anyStore')}
          value={line.store_id ?? undefined}
          disabled={line.status === 'unavailable'}
          options={line.stores.map((s) => ({
            value: s.store_id,
            label: t('cart.storeOption', { name: s.store_name, stock: s.available_stock }),
          }))}
          onChange={(storeId) => void update(line, { store_id: storeId ?? null })}
        />
      ),
    },
    {
      key: 'stock',
      title: t('catalog.availableStock'),
      width: 90,
      align: 'right',
      dataIndex: 'available_stock',
    },
    {
      key: 'price',
      title: t('catalog.price'),
      width: 110,
      align: 'right',
      render: (_, line) => money(line.price, currency),
    },
    {
      key: 'qty',
      title: t('catalog.quantity'),
      width: 120,
      render: (_, line) => <QtyCell line={line} onCommit={(qty) => void update(line, { qty })} />,
    },
    {
      key: 'sum',
      title: t('cart.lineTotal'),
      width: 120,
      align: 'right',
      render: (_, line) => <strong className="line-sum">{money(line.sum, currency)}</strong>,
    },
    {
      key: 'remark',
      title: t('cart.remark'),
      width: 180,
      render: (_, line) => <RemarkCell line={line} onCommit={(remark) => void update(line, { remark })} />,
    },
  ];

  return (
    <section className="page cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title" className="page-title">
        {t('route.cart')}
      </h1>
      <BulkOrderPanel />
      <div className="table-toolbar cart-toolbar">
        <Button type="primary" icon={<SendOutlined />} className="submit-checked" onClick={onSubmit}>
          {t('cart.submitChecked')}
          {checked.length > 0 && ` (${checked.length})`}
        </Button>
        <Button icon={<DeleteOutlined />} className="remove-checked" loading={busy} onClick={onRemove}>
          {t('cart.removeChecked')}
        </Button>
        <Button
          danger
          icon={<ClearOutlined />}
          className="clear-cart"
          disabled={lines.length === 0}
          onClick={onClear}
        >
          {t('cart.clear')}
        </Button>
        {cart.data && (
          <span className="cart-totals" data-testid="cart-totals">
            {t('cart.totals', { lines: cart.data.count, qty: cart.data.total_qty })}{' '}
            <strong className="cart-amount">{money(cart.data.total_amount, currency)}</strong>
          </span>
        )}
      </div>
      {!cart.data && cart.isFetching ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Table<CartLine>
          className="cart-table"
          rowKey="id"
          size="middle"
          loading={cart.isFetching}
          columns={columns}
          dataSource={lines}
          pagination={false}
          scroll={{ x: 1100 }}
          rowClassName={(line) => (line.status === 'unavailable' ? 'row-unavailable' : '')}
          rowSelection={{
            fixed: true,
            columnTitle: selectAllTitle(t('common.selectAll')),
            selectedRowKeys: checked,
            onChange: (keys) => setSelected(keys as number[]),
          }}
          locale={{ emptyText: <Empty description={t('cart.empty')} /> }}
        />
      )}
    </section>
  );
}
