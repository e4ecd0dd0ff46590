import type { Decimal } from 'decimal.js';
import { notFound, refused } from '../../platform/errors';
import { ExactDecimal, money } from '../../platform/money';
import type { Repositories } from '../../repositories';

/** What a company may still buy on account (issue 15 item 3). */
export interface CompanyCredit {
  companyId: number;
  currency: string;
  limit: ExactDecimal;
  /** The owner's temporary allowance in force at the time asked (0 when none). */
  allowance: ExactDecimal;
  allowanceExpiresAt: Date | null;
  allowanceReason: string | null;
  /**
   * The ledger's balance: unpaid sales and every order submitted on account (it becomes a debit
   * when submitted, ref_no = order no, and is not debited again when shipped). An order waiting
   * for an online payment uses no credit: it is not a debt until paid.
   */
  openBalance: ExactDecimal;
  /** limit + allowance − open balance; negative when over. */
  available: ExactDecimal;
}

/**
 * A company's credit position. With `lock` (inside a transaction) the company row is locked
 * first, so the answer holds until commit: every writer of the company's debts that checks
 * credit (payment on account, the payments desk, the order desk's confirm) locks it too.
 * Undefined for a company that is not the account's.
 */
export async function companyCreditPosition(
  repos: Repositories,
  accountId: number,
  companyId: number,
  options: { at: Date; lock?: boolean },
): Promise<CompanyCredit | undefined> {
  const company = await repos.paymentsDesk.company(accountId, companyId, { lock: options.lock ?? false });
  if (!company) return undefined;
  const [balance, allowance] = await Promise.all([
    repos.paymentsDesk.ledgerBalance(companyId),
    repos.paymentsDesk.allowanceInForce(companyId, options.at),
  ]);
  const limit = new ExactDecimal(company.creditLimit);
  const extra = new ExactDecimal(allowance?.amount ?? 0);
  const openBalance = new ExactDecimal(balance);
  return {
    companyId,
    currency: company.currency,
    limit,
    allowance: extra,
    allowanceExpiresAt: allowance?.expiresAt ?? null,
    allowanceReason: allowance?.reason ?? null,
    openBalance,
    available: limit.plus(extra).minus(openBalance),
  };
}

/**
 * Refuses (40000 `creditLimitExceeded`, in the caller's language) when `amount` more on account
 * would take the company past its limit plus allowance. Call it inside the writing transaction:
 * it locks the company row. At submit `amount` is the order's total; at the order desk's confirm
 * of an order already submitted on account (already in the balance) pass 0, so a company that
 * went over since is held; pass the added amount when a confirm raises the order's total.
 */
export async function assertCreditFor(
  tx: Repositories,
  accountId: number,
  companyId: number,
  amount: Decimal.Value,
  at: Date,
): Promise<CompanyCredit> {
  const credit = await companyCreditPosition(tx, accountId, companyId, { at, lock: true });
  if (!credit) throw notFound();
  const wanted = new ExactDecimal(amount);
  if (wanted.greaterThan(credit.available) || credit.available.isNegative()) {
    throw refused('creditLimitExceeded', {
      amount: money(wanted),
      available: money(ExactDecimal.max(credit.available, 0)),
      currency: credit.currency,
    });
  }
  return credit;
}
