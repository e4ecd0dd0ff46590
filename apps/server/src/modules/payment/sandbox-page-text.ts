import type { Language } from '@partsportal/contract/codes';

/** The texts of the sandbox provider's "phone" pages, in zh, en and es. */
export const sandboxPageText = {
  zh: {
    order: '订单 {no}',
    payment: '支付',
    status: '状态：',
    confirmTitle: '确认支付',
    payWith: '使用 {method} 支付（沙箱）',
    confirm: '确认支付',
    paid: '已支付',
    confirmed: '支付成功',
    returnNote: '您可以回到支付页面，它会自动继续。',
    refused: '支付被拒绝',
    note: 'PartsPortal 支付沙箱 — 不会产生真实扣款。',
  },
  en: {
    order: 'Order {no}',
    payment: 'Payment',
    status: 'Status:',
    confirmTitle: 'Confirm payment',
    payWith: 'Pay with {method} (sandbox)',
    confirm: 'Confirm payment',
    paid: 'Paid',
    confirmed: 'Payment confirmed',
    returnNote: 'You can return to the pay page; it moves on by itself.',
    refused: 'Payment refused',
    note: 'PartsPortal payment sandbox — no real money moves.',
  },
  es: {
    order: 'Pedido {no}',
    payment: 'Pago',
    status: 'Estado:',
    confirmTitle: 'Confirmar el pago',
    payWith: 'Pagar con {method} (sandbox)',
    confirm: 'Confirmar el pago',
    paid: 'Pagado',
    confirmed: 'Pago confirmado',
    returnNote: 'Puede volver a la página de pago; continuará por sí sola.',
    refused: 'Pago rechazado',
    note: 'Sandbox de pagos de PartsPortal — no se mueve dinero real.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type SandboxPageText = (typeof sandboxPageText)[Language];
