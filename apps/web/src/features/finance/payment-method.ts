import type { TFunction } from 'i18next';

/**
 * A payment method's label: the checkout's labels (wechat, alipay, qr, account), the history's
 * own (bank, sandbox), else the server's word as it is (a method added later still shows).
 */
export function paymentMethodLabel(t: TFunction, method: string): string {
  return t(`finance.methods.${method}`, {
    defaultValue: t(`pay.methods.${method}`, { defaultValue: method }),
  });
}
