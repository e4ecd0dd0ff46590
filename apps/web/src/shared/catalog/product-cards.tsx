import './catalog-tables.css';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Checkbox, Empty, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../format/use-format-money';
import type { PickableRow } from './use-cart-picker';

/** What a product card shows (catalogue and stock list rows both have it). */
export interface CardRow extends PickableRow {
  part_name: string;
  factory: string;
  price: string;
  currency: string;
  available_stock: number;
}

/**
 * Cards drawn with the first rows: below the filters a phone shows one or two. The others follow
 * in the next task, as a transition (a tap meanwhile goes first): the first rows of a page opened
 * from the menu no longer wait for the render of all 20 cards (~600 elements, an InputNumber and
 * a Checkbox each) under a phone's CPU.
 */
export const FIRST_CARDS = 4;

/** False until the task after the first commit with rows; then true for good. */
function useRestOfCards(hasRows: boolean): boolean {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!hasRows || all) return;
    const timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => clearTimeout(timer);
  }, [hasRows, all]);
  return all;
}

/**
 * The phone layout (< 576 px) of the product tables: one card per part with number, brand,
 * name, price, available stock, quantity and an add button — what a buyer came for, without
 * the sideways scroll of a 15-column table.
 */
export function ProductCards<Row extends CardRow>({
  rows,
  loading,
  emptyText,
  numberOf,
  picker,
  pager,
}: {
  rows: readonly Row[];
  loading: boolean;
  emptyText: ReactNode;
  /** The number as a link to the detail (or plain text when the user cannot open it). */
  numberOf: (row: Row) => ReactNode;
  /** Tick, quantity and add; absent without the cart permission. */
  picker?: {
    selected: ReadonlyMap<number, Row>;
    toggle: (row: Row, ticked: boolean) => void;
    qtyInput: (row: Row) => ReactNode;
    addRowButton: (row: Row, withText?: boolean) => ReactNode;
  };
  /** The list's paging, drawn under the cards when there is more than one page. */
  pager?: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const all = useRestOfCards(rows.length > 0);
  if (loading && rows.length === 0) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (rows.length === 0) return <Empty description={emptyText} />;
  const shown = all ? rows : rows.slice(0, FIRST_CARDS);
  return (
    <>
      <ul className="product-cards" aria-busy={loading || !all}>
        {shown.map((row) => (
          <li key={row.id} className="product-card" data-id={row.id}>
            <div className="product-card-head">
              {picker && (
                <Checkbox
                  className="product-card-tick"
                  aria-label={t('picker.tickFor', { number: row.number })}
                  checked={picker.selected.has(row.id)}
                  onChange={(e) => picker.toggle(row, e.target.checked)}
                />
              )}
              <span className="product-card-number">{numberOf(row)}</span>
              <span className="product-card-brand">{row.factory}</span>
            </div>
            <div className="product-card-name">{row.part_name}</div>
            <div className="product-card-figures">
              <strong className="product-card-price">{money(row.price, row.currency)}</strong>
              <span className={row.available_stock > 0 ? 'product-card-stock' : 'product-card-stock is-out'}>
                {t('cart.availableShort', { available: row.available_stock })}
              </span>
            </div>
            {picker && (
              <div className="product-card-buy">
                {picker.qtyInput(row)}
                {picker.addRowButton(row, true)}
              </div>
            )}
          </li>
        ))}
      </ul>
      {all && pager && pager.total > pager.pageSize && (
        <Pagination
          className="product-cards-pager"
          simple
          current={pager.current}
          pageSize={pager.pageSize}
          total={pager.total}
          onChange={pager.onChange}
        />
      )}
    </>
  );
}
