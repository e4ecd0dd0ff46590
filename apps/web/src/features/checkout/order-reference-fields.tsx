import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_PO_NUMBER_LENGTH, poNumberProblem } from '@partsportal/contract/checkout-rules';
import { BACKORDER_CHOICES, type Backorder } from '@partsportal/contract/orders';

export interface OrderReference {
  poNumber: string;
  backorder: Backorder;
}

/** The message for a PO number the server would refuse, or undefined (the same rule, poNumberProblem). */
export function usePoNumberError() {
  const { t } = useTranslation();
  return (value: string): string | undefined => {
    const problem = poNumberProblem(value);
    if (problem === 'too_long') return t('checkout.poNumberTooLong', { max: MAX_PO_NUMBER_LENGTH });
    if (problem === 'characters') return t('checkout.poNumberCharacters');
    return undefined;
  };
}

/**
 * The buyer's own order reference and what to do with lines short of stock when the order
 * ships (issue 17 #15), on the confirm step just before SaveSubmits.
 */
export function OrderReferenceFields(props: {
  value: OrderReference;
  onChange: (value: OrderReference) => void;
  /** Shown under the field once the buyer tried to submit or left it. */
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { value, onChange, error } = props;
  return (
    <Form layout="vertical" className="order-reference" component="div">
      <Form.Item
        label={t('checkout.poNumber')}
        htmlFor="po-number"
        validateStatus={error ? 'error' : undefined}
        help={error ?? t('checkout.poNumberHelp')}
      >
        <Input
          id="po-number"
          className="po-number-input"
          value={value.poNumber}
          placeholder={t('checkout.poNumberPlaceholder')}
          // A few over the limit, so the message explains the cut instead of the field eating keys.
          maxLength={MAX_PO_NUMBER_LENGTH + 10}
          allowClear
          onChange={(e) => onChange({ ...value, poNumber: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('checkout.backorder.label')}>
        <Radio.Group
          className="backorder-choice"
          value={value.backorder}
          onChange={(e) => onChange({ ...value, backorder: e.target.value as Backorder })}
          options={BACKORDER_CHOICES.map((choice) => ({
            value: choice,
            label: t(`checkout.backorder.${choice}`),
          }))}
        />
      </Form.Item>
    </Form>
  );
}
