import { useMemo, useState, type Key } from 'react';
import { App, Button, InputNumber } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addToCart } from '../api/cart-api';
import { qtyStep, roundToBuyQty } from './quantity';

/** What a product row needs to be ticked and added to the cart. */
export interface PickableRow {
  id: number;
  number: string;
  buy_qty: number;
}

/**
 * "Tick parts, set quantities, add to cart" of the catalogue and stock tables: the ticked rows
 * (kept across pages, antd's preserveSelectedRowKeys), a quantity per row (a multiple of
 * buy_qty) and one AddCart / BatchAddCart for all of them.
 */
export function useCartPicker<Row extends PickableRow>() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<Map<number, Row>>(new Map());
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [adding, setAdding] = useState(false);

  const addSelected = async () => {
    if (selected.size === 0) {
      void message.warning(t('catalog.checkProducts'));
      return;
    }
    setAdding(true);
    try {
      await addToCart(
        [...selected.values()].map((row) => ({
          cpid: row.id,
          qty: roundToBuyQty(quantities[row.id] ?? qtyStep(row.buy_qty), row.buy_qty),
        })),
      );
      void message.success(t('catalog.added', { count: selected.size }));
      setSelected(new Map());
    } catch {
      // The API client has shown the reason.
    } finally {
      setAdding(false);
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

  // Memoized: the catalogue memoizes its columns, and typing in its search box must not
  // rebuild the quantity inputs of every row.
  const qtyColumn = useMemo(
    () => ({
      key: 'qty',
      title: t('catalog.quantity'),
      width: 120,
      fixed: 'right' as const,
      render: (_: unknown, row: Row) => (
        <InputNumber
          className="qty-input"
          aria-label={t('catalog.quantityFor', { number: row.number })}
          min={qtyStep(row.buy_qty)}
          step={qtyStep(row.buy_qty)}
          precision={0}
          value={quantities[row.id] ?? qtyStep(row.buy_qty)}
          onChange={(value) => setQuantities((q) => ({ ...q, [row.id]: roundToBuyQty(value, row.buy_qty) }))}
        />
      ),
    }),
    [t, quantities],
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

  return { selected, onSelect, qtyColumn, addButton };
}
