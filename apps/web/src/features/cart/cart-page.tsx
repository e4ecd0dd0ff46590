import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Input,
  Select,
  Skeleton,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { ClearOutlined, DeleteOutlined, SendOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { cartEndpoints, type CartLine } from '@partsportal/contract/cart';
import { CART_READS, showCartCount } from '@shared/api/cart-api';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useColumnChoice } from '@shared/columns/column-chooser';
import { QuantityInput } from '@shared/catalog/quantity-input';
import { QuickOrder } from '@shared/catalog/quick-order';
import { Thumbnail } from '@shared/catalog/product-thumbnail';
import { PHONE_QUERY, useMediaQuery } from '@shared/hooks/use-media-query';
import { selectAllTitle } from '@shared/ui/table-a11y';
import { BulkOrderPanel } from './bulk-order-panel';
import { SaveListButton } from '@shared/saved-lists/save-list-button';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFeedback } from '@shared/ui/feedback';

/** Quantity edited inline; sent when committed, adjusted to buy_qty with a message (QuantityInput). */
function QtyCell({ line, onCommit }: { line: CartLine; onCommit: (qty: number) => void }) {
  return (
    <QuantityInput
      number={line.number}
      buyQty={line.buy_qty}
      value={line.qty}
      status={overStock(line) ? 'error' : undefined}
      disabled={line.status === 'unavailable'}
      onCommit={(qty) => {
        if (qty !== line.qty) onCommit(qty);
      }}
    />
  );
}

/** A line asking for more than its store (or the best store) has available: flagged before "next step". */
const overStock = (line: CartLine) => line.status !== 'unavailable' && line.qty > line.available_stock;

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
      size="small"
      aria-label={t('cart.remarkFor', { number: line.number })}
      placeholder={t('cart.remark')}
      maxLength={200}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

/** The cart's columns before the user chooses (the picture is one click away). */
const CART_DEFAULT_COLUMNS = ['number', 'store', 'stock', 'price', 'qty', 'sum', 'remark'];

export default function CartPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const phone = useMediaQuery(PHONE_QUERY);
  const { message, modal } = useFeedback();
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

  const storeSelect = (line: CartLine) => (
    <Select<number>
      className="store-select"
      size="small"
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
  );
  const available = (line: CartLine) =>
    overStock(line) ? (
      <span
        className="over-stock"
        title={t('cart.overStock', { qty: line.qty, available: line.available_stock })}
      >
        <WarningOutlined aria-hidden /> {line.available_stock}
      </span>
    ) : (
      line.available_stock
    );
  const statusTag = (line: CartLine) =>
    line.status !== 'ok' && (
      <Tag className="line-status" color={line.status === 'unavailable' ? 'red' : 'orange'}>
        {line.message || t(`cart.status.${line.status}`)}
      </Tag>
    );

  const allColumns: TableColumnsType<CartLine> = [
    {
      key: 'pic',
      title: t('cart.picture'),
      width: 72,
      // The product's big picture opens in antd's preview, as in the catalogue (issue 17 item 9).
      render: (_, line) => <Thumbnail row={{ id: line.cpid, pic: line.pic, number: line.number }} />,
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
          {statusTag(line)}
        </div>
      ),
    },
    {
      key: 'store',
      title: t('cart.store'),
      width: 200,
      render: (_, line) => storeSelect(line),
    },
    {
      key: 'stock',
      title: t('catalog.availableStock'),
      width: 90,
      align: 'right',
      render: (_, line) => available(line),
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
  const choosable = useMemo(
    () => [
      { key: 'pic', title: t('cart.picture') },
      { key: 'number', title: t('catalog.number') },
      { key: 'store', title: t('cart.store') },
      { key: 'stock', title: t('catalog.availableStock') },
      { key: 'price', title: t('catalog.price') },
      { key: 'qty', title: t('catalog.quantity') },
      { key: 'sum', title: t('cart.lineTotal') },
      { key: 'remark', title: t('cart.remark') },
    ],
    [t],
  );
  const columnChoice = useColumnChoice({
    table: 'cart',
    columns: choosable,
    defaults: CART_DEFAULT_COLUMNS,
    required: ['number', 'qty'],
  });
  const columns = allColumns.filter((c) => columnChoice.visible.has(String(c.key)));
  const tableWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 100), 32);
  const overStockLines = lines.filter(overStock).length;

  const toggle = (line: CartLine, ticked: boolean) =>
    setSelected((current) => (ticked ? [...current, line.id] : current.filter((id) => id !== line.id)));
  const cards = (
    <ul className="product-cards cart-cards">
      {lines.map((line) => (
        <li
          key={line.id}
          className={`product-card${line.status === 'unavailable' ? ' row-unavailable' : ''}`}
          data-id={line.id}
        >
          <div className="product-card-head">
            <Checkbox
              className="product-card-tick"
              aria-label={t('picker.tickFor', { number: line.number })}
              checked={checked.includes(line.id)}
              onChange={(e) => toggle(line, e.target.checked)}
            />
            <span className="product-card-number product-number">{line.number}</span>
            <span className="product-card-brand">{line.factory}</span>
          </div>
          <div className="cart-card-main">
            <Thumbnail row={{ id: line.cpid, pic: line.pic, number: line.number }} />
            <div className="cart-card-text">
              <div className="product-card-name">{line.part_name}</div>
              {statusTag(line)}
            </div>
          </div>
          <div className="product-card-figures">
            <strong className="product-card-price">{money(line.price, currency)}</strong>
            <span className={overStock(line) ? 'product-card-stock over-stock' : 'product-card-stock'}>
              {t('cart.availableShort', { available: line.available_stock })}
            </span>
          </div>
          {storeSelect(line)}
          <div className="product-card-buy">
            <QtyCell line={line} onCommit={(qty) => void update(line, { qty })} />
            <strong className="line-sum">
              {t('cart.lineTotalShort', { amount: money(line.sum, currency) })}
            </strong>
          </div>
          <RemarkCell line={line} onCommit={(remark) => void update(line, { remark })} />
        </li>
      ))}
    </ul>
  );

  return (
    <section className="page cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title" className="page-title">
        {t('route.cart')}
      </h1>
      <QuickOrder />
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
        <SaveListButton checked={checked} disabled={lines.length === 0} />
        <Link to="/cart/lists" className="saved-lists-link">
          {t('savedLists.open')}
        </Link>
        {cart.data && (
          <span className="cart-totals" data-testid="cart-totals">
            {t('cart.totals', { lines: cart.data.count, qty: cart.data.total_qty })}{' '}
            <strong className="cart-amount">{money(cart.data.total_amount, currency)}</strong>
          </span>
        )}
        {!phone && columnChoice.chooser}
      </div>
      {overStockLines > 0 && (
        <Alert
          className="over-stock-summary"
          type="warning"
          showIcon
          title={t('cart.overStockSummary', { count: overStockLines })}
        />
      )}
      {!cart.data && cart.isFetching ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : phone ? (
        lines.length === 0 ? (
          <Empty description={t('cart.empty')} />
        ) : (
          cards
        )
      ) : (
        <Table<CartLine>
          className="cart-table"
          rowKey="id"
          size="small"
          loading={cart.isFetching}
          columns={columns}
          dataSource={lines}
          pagination={false}
          scroll={{ x: tableWidth }}
          rowClassName={(line) =>
            line.status === 'unavailable' ? 'row-unavailable' : overStock(line) ? 'row-over-stock' : ''
          }
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
