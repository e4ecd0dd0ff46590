import { ResultCode, type Language } from '@partsportal/contract/codes';
import type { paymentInSchema } from '@partsportal/contract/integration';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import type { Repositories } from '../../repositories';
import type { ApiKeyContext } from './api-keys.service';
import { ApiProblem } from './integration-api';
import type { PaymentsDeskService } from '../payments-desk/payments-desk.service';

/**
 * POST /api/v1/payments (issue 13 item 4, "payments in"): the ERP's payment, booked by the same
 * service as the back office's payments desk. The ERP names the company by its code and the
 * open items by their ref_no (order or bill numbers), which this resolves to ledger entries.
 */
export function createPaymentsIn(deps: { repos: Repositories; paymentsDesk: PaymentsDeskService }) {
  return async (input: {
    key: ApiKeyContext;
    body: z.output<typeof paymentInSchema>;
    language: Language;
    ip: string;
  }) => {
    const { key, body, language } = input;
    const company = await deps.repos.paymentsDesk.companyByCode(key.accountId, body.company_code);
    if (!company) throw new ApiProblem(404, 'companyUnknown', { code: body.company_code });
    let allocations: Array<{ entry_id: number; amount: string }> = [];
    if (body.allocations.length > 0) {
      const today = new Date().toISOString().slice(0, 10);
      const open = await deps.repos.finance.openItems(company.id, company.paymentDays, today);
      allocations = body.allocations.map((allocation) => {
        const item = open.find((candidate) => candidate.ref_no === allocation.ref_no);
        if (!item) throw new ApiProblem(422, 'openItemUnknown', { ref_no: allocation.ref_no });
        return { entry_id: item.entry_id, amount: allocation.amount };
      });
    }
    try {
      return await deps.paymentsDesk.recordPayment(
        {
          accountId: key.accountId,
          actor: { kind: 'api-key', id: key.keyId, name: key.name, ip: input.ip },
          staffId: null,
        },
        {
          company_id: company.id,
          amount: body.amount,
          currency: body.currency,
          method: body.method,
          reference: body.reference,
          date: body.date === undefined ? undefined : Math.floor(Date.parse(body.date) / 1000),
          remark: body.remark,
          allocations,
        },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const reason = translate(error.messageKey, language, error.params);
      if (error.code === ResultCode.conflict) throw new ApiProblem(409, 'paymentConflict', { reason });
      if (error.code === ResultCode.notFound)
        throw new ApiProblem(404, 'companyUnknown', { code: body.company_code });
      throw new ApiProblem(422, 'paymentRefused', { reason });
    }
  };
}
