import { paymentsDeskEndpoints } from '@partsportal/contract/payments-desk';
import type { FastifyInstance } from 'fastify';
import type { StaffContext } from '../../platform/auth-context';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireStaff } from '../../platform/request-context';
import { staffActor } from '../staff/staff.service';
import type { PaymentsActor, PaymentsDeskService } from './payments-desk.service';
import type { RefundsService } from './refunds.service';

const byStaff = (staff: StaffContext, ip: string): PaymentsActor => ({
  accountId: staff.accountId,
  actor: staffActor(staff, ip),
  staffId: staff.staffId,
});

export function registerPaymentsDeskRoutes(
  app: FastifyInstance,
  payments: PaymentsDeskService,
  refunds: RefundsService,
) {
  registerEndpoint(app, paymentsDeskEndpoints.listPayments, ({ body, ctx }) =>
    payments.listPayments(requireStaff(ctx).accountId, body),
  );
  registerEndpoint(app, paymentsDeskEndpoints.recordPayment, ({ body, ctx }) =>
    payments.recordPayment(byStaff(requireStaff(ctx), ctx.ip), body),
  );
  registerEndpoint(app, paymentsDeskEndpoints.voidPayment, ({ body, ctx }) =>
    payments.voidPayment(byStaff(requireStaff(ctx), ctx.ip), body),
  );
  registerEndpoint(app, paymentsDeskEndpoints.refundPayment, ({ body, ctx }) =>
    refunds.refund(byStaff(requireStaff(ctx), ctx.ip), {
      payment: body.id,
      amount: body.amount,
      reason: body.reason,
    }),
  );
  registerEndpoint(app, paymentsDeskEndpoints.creditPosition, ({ body, ctx }) =>
    payments.creditPosition(requireStaff(ctx).accountId, body.company_id),
  );
  registerEndpoint(app, paymentsDeskEndpoints.setCreditAllowance, ({ body, ctx }) =>
    payments.setCreditAllowance(byStaff(requireStaff(ctx), ctx.ip), body),
  );
}
