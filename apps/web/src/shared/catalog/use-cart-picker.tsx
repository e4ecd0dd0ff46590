import './catalog-tables.css';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addToCart } from '../api/cart-api';
import { qtyStep } from './quantity';
import { QuantityInput } from './quantity-input';
import { useFeedback } from '@shared/ui/feedback';

/** What a product row needs to be ticked and added to the cart. */
export interface PickableRow {
  id: number;
  number: string;
  buy_qty: number;
}

/**
 * "Tick parts, set quantities, add to cart" of the catalogue and the stock list — their one
 * shared implementation (issue 12 item 8): the ticked rows (kept across pages, antd's
 * preserveSelectedRowKeys), a quantity per row (a multiple of buy_qty, changes explained), one
 * AddCart / BatchAddCart for all ticked rows, an "add" per row without ticking (issue 17 item
 * 13), and the sticky "add ticked to cart" bar.
 */
export function useCartPicker<Row extends PickableRow>() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [selected, setSelected] = useState<Map<number, Row>>(new Map());
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [adding, setAdding] = useState(false);
  const [addingRow, setAddingRow] = useState<number | null>(null);

  const qtyOf = (row: Row) => quantities[row.id] ?? qtyStep(row.buy_qty);

  const addSelected = async () => {
    if (selected.size === 0) {
      void message.warning(t('catalog.checkProducts'));
      return;
    }
    setAdding(true);
    try {
      await addToCart([...selected.values()].map((row) => ({ cpid: row.id, qty: qtyOf(row) })));
      void message.success(t('catalog.added', { count: selected.size }));
      setSelected(new Map());
    } catch {
      // The API client has shown the reason.
    } finally {
      setAdding(false);
    }
  };

  const addRow = async (row: Row) => {
    setAddingRow(row.id);
    try {
      const qty = qtyOf(row);
      await addToCart([{ cpid: row.id, qty }]);
      void message.success(t('picker.addedOne', { number: row.number, qty }));
    } catch {
      // Toasted by the API client.
    } finally {
      setAddingRow(null);
    }
  };

  /** rowSelection.onChange: rows ticked on another page are only in `selected`, not in `rows`. */
  const onSelect = (keys: Key[], rows: (Row | undefined)[]) => {
    const next = new Map<number, Row>();
    for (const key of keys) {
      const row = rows.find((r) => r?.id === key) ?? selected.get(key as number);
      if (row) next.set(row.id, row);
    }
    setSelected(next);
  };

  /** A card's tick (the phone layout has no table selection column). */
  const toggle = (row: Row, ticked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (ticked) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });

  const qtyInput = (row: Row): ReactNode => (
    <QuantityInput
      number={row.number}
      buyQty={row.buy_qty}
      value={quantities[row.id] ?? qtyStep(row.buy_qty)}
      onCommit={(qty) => setQuantities((q) => ({ ...q, [row.id]: qty }))}
    />
  );

  const addRowButton = (row: Row, withText = false): ReactNode => (
    <Button
      size="small"
      className="add-row"
      icon={<ShoppingCartOutlined />}
      aria-label={t('picker.addOne', { number: row.number })}
      title={t('picker.addOne', { number: row.number })}
      loading={addingRow === row.id}
      onClick={() => void addRow(row)}
    >
      {withText && t('columns.add')}
    </Button>
  );

  // Memoized: the catalogue memoizes its columns, and typing in its search box must not
  // rebuild the quantity inputs of every row.
  const qtyColumn = useMemo(
    () => ({
      key: 'qty',
      title: t('catalog.quantity'),
      width: 104,
      render: (_: unknown, row: Row) => qtyInput(row),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- qtyInput reads `quantities`
    [t, quantities],
  );
  const addColumn = useMemo(
    () => ({
      key: 'add',
      title: t('columns.add'),
      width: 64,
      align: 'center' as const,
      render: (_: unknown, row: Row) => addRowButton(row),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- addRowButton reads `addingRow` and `quantities`
    [t, addingRow, quantities],
  );

  const addButton = (
    <Button
      type="primary"
      icon={<ShoppingCartOutlined />}
      loading={adding}
      onClick={() => void addSelected()}
      className="add-to-cart"
    >
      {t('catalog.addToCart')}
      {selected.size > 0 && ` (${selected.size})`}
    </Button>
  );

  /** Sticks to the bottom of the window while rows are ticked, so adding needs no scrolling back up. */
  const stickyBar =
    selected.size > 0 ? (
      <div className="cart-pick-bar" role="region" aria-label={t('picker.addTicked')}>
        <span className="cart-pick-count">{t('picker.ticked', { count: selected.size })}</span>
        <Button size="small" className="clear-ticks" onClick={() => setSelected(new Map())}>
          {t('picker.clearTicks')}
        </Button>
        <Button
          type="primary"
          icon={<ShoppingCartOutlined />}
          loading={adding}
          className="add-ticked"
          onClick={() => void addSelected()}
        >
          {t('picker.addTicked')}
        </Button>
      </div>
    ) : null;

  return { selected, onSelect, toggle, qtyColumn, addColumn, qtyInput, addRowButton, addButton, stickyBar };
}
