import './catalog-tables.css';
import { useRef, useState } from 'react';
import { Button, Input, type InputRef } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cartEndpoints, type MatchProduct } from '@partsportal/contract/cart';
import { addToCart, CART_READS, showCartCount } from '../api/cart-api';
import { mutateEndpoint } from '../api/server-state';
import { useFormatMoney } from '../format/use-format-money';
import { adjustQuantity, quantityMessage } from './quantity';
import { useFeedback } from '@shared/ui/feedback';

interface Pending {
  input: string;
  qty: number | undefined;
  candidates: MatchProduct[];
}

/**
 * The quick-order line of the catalogue and the cart (issue 17 item 13): type or scan a part
 * number (ours, OE, brand or the company's own) and optionally a quantity; Enter adds it through
 * AddProBodyByNumber and the cursor goes back to the number for the next scan. A number that
 * names several parts offers them to pick from.
 */
export function QuickOrder() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { money } = useFormatMoney();
  const numberRef = useRef<InputRef>(null);
  const [number, setNumber] = useState('');
  const [qty, setQty] = useState('');
  const [busy, setBusy] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);

  const focusNumber = () => numberRef.current?.focus();

  const submit = async () => {
    const input = number.trim();
    if (!input) {
      void message.warning(t('quickOrder.needNumber'));
      focusNumber();
      return;
    }
    let wanted: number | undefined;
    if (qty.trim()) {
      const adjustment = adjustQuantity(qty, 0);
      const explanation = quantityMessage(t, input, adjustment);
      if (explanation) void message.warning({ content: explanation, key: 'quick-order-qty', duration: 5 });
      wanted = adjustment.qty;
    }
    // Cleared at once: a scanner may send the next number while this one is on its way.
    setNumber('');
    setQty('');
    setPending(null);
    focusNumber();
    setBusy((n) => n + 1);
    try {
      const answer = await mutateEndpoint(
        cartEndpoints.addProBodyByNumber,
        { number: input, ...(wanted === undefined ? {} : { qty: wanted }) },
        { invalidates: CART_READS },
      );
      showCartCount(answer.carts);
      if (answer.added && answer.product) {
        const added = wanted ?? (answer.product.buy_qty > 0 ? answer.product.buy_qty : 1);
        void message.success(t('quickOrder.added', { number: answer.product.number, qty: added }));
      } else {
        setPending({ input, qty: wanted, candidates: answer.candidates });
      }
    } catch {
      // The API client has shown why (not found, not a multiple …); give number and quantity back to fix.
      setNumber((current) => current || input);
      setQty((current) => current || (wanted === undefined ? '' : String(wanted)));
      numberRef.current?.select();
    } finally {
      setBusy((n) => n - 1);
    }
  };

  const pick = async (product: MatchProduct) => {
    if (!pending) return;
    const adjustment = adjustQuantity(String(pending.qty ?? ''), product.buy_qty);
    const explanation = pending.qty === undefined ? '' : quantityMessage(t, product.number, adjustment);
    if (explanation) void message.warning({ content: explanation, key: 'quick-order-qty', duration: 5 });
    setPending(null);
    focusNumber();
    try {
      await addToCart([{ cpid: product.id, qty: adjustment.qty }]);
      void message.success(t('quickOrder.added', { number: product.number, qty: adjustment.qty }));
    } catch {
      // Toasted.
    }
  };

  return (
    <div className="quick-order" role="group" aria-labelledby="quick-order-title">
      <span id="quick-order-title" className="quick-order-title">
        {t('quickOrder.title')}
      </span>
      <Input
        ref={numberRef}
        className="quick-order-number"
        aria-label={t('quickOrder.number')}
        placeholder={t('quickOrder.numberPlaceholder')}
        autoComplete="off"
        maxLength={100}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        onPressEnter={() => void submit()}
      />
      <Input
        className="quick-order-qty"
        aria-label={t('quickOrder.qty')}
        placeholder={t('quickOrder.qtyPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        value={qty}
        onChange={(e) => setQty(e.target.value)}
        onPressEnter={() => void submit()}
      />
      <Button
        icon={<PlusOutlined />}
        className="quick-order-add"
        loading={busy > 0}
        onClick={() => void submit()}
      >
        {t('quickOrder.add')}
      </Button>
      <span className="muted quick-order-hint">{t('quickOrder.hint')}</span>
      {pending && (
        <div className="quick-order-candidates" role="status">
          <span>{t('quickOrder.pick', { input: pending.input })}</span>
          {pending.candidates.map((c) => (
            <Button key={c.id} size="small" className="quick-order-candidate" onClick={() => void pick(c)}>
              {`${c.factory} ${c.number} · ${c.part_name} · ${money(c.price, c.currency)}`}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
