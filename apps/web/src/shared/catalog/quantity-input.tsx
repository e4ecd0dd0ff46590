import { useState } from 'react';
import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { adjustQuantity, maxQty, qtyStep, quantityMessage } from './quantity';
import { useFeedback } from '@shared/ui/feedback';

/**
 * A quantity field that never changes a quantity silently (issue 17 item 6): what the buyer
 * typed is read on blur / Enter / the step buttons, adjusted to the order multiple and the
 * per-line cap, and a changed figure is explained in the user's language.
 */
export function QuantityInput({
  number,
  buyQty,
  value,
  onCommit,
  status,
  disabled,
  className = 'qty-input',
  size = 'small',
}: {
  /** The part number the field belongs to (label and message). */
  number: string;
  buyQty: number;
  value: number;
  onCommit: (qty: number) => void;
  status?: 'warning' | 'error';
  disabled?: boolean;
  className?: string;
  /** Small in table rows and cards; the detail page's buy row is of normal size. */
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  // The raw text while typing; null = nothing typed since the last commit.
  const [typed, setTyped] = useState<string | null>(null);

  const commit = (text: string | null) => {
    if (text === null) return;
    setTyped(null);
    const adjustment = adjustQuantity(text, buyQty);
    const explanation = quantityMessage(t, number, adjustment);
    // One toast per field: a second blur replaces it instead of stacking another.
    if (explanation) void message.warning({ content: explanation, key: `qty-${number}`, duration: 5 });
    if (adjustment.qty !== value || explanation) onCommit(adjustment.qty);
  };

  return (
    <InputNumber
      className={className}
      size={size}
      aria-label={t('catalog.quantityFor', { number })}
      min={qtyStep(buyQty)}
      max={maxQty(buyQty)}
      step={qtyStep(buyQty)}
      value={value}
      status={status}
      disabled={disabled}
      onInput={(text) => setTyped(text)}
      onBlur={() => commit(typed)}
      onPressEnter={() => commit(typed)}
      onStep={(next) => {
        setTyped(null);
        const qty = adjustQuantity(String(next), buyQty).qty;
        if (qty !== value) onCommit(qty);
      }}
    />
  );
}
