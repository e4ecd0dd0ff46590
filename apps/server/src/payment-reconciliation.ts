import type { Config } from './config';
import {
  PAYMENT_RECONCILE_JOB,
  type PaymentService,
  type RealProviders,
} from './modules/payment/payment.service';
import { createAlipayProvider } from './modules/payment/providers/alipay-provider';
import { createWechatPayProvider } from './modules/payment/providers/wechat-pay-provider';
import { startHousekeeping, type Housekeeping } from './platform/housekeeping';
import type { JobLogger, JobQueue } from './platform/jobs';

/** The WeChat Pay / Alipay adapters the configuration asks for (decision 022); the server and the worker build the same. */
export function createRealProviders(config: Config): RealProviders {
  const options = { timeoutMs: config.paymentProviderTimeoutMs };
  return {
    wechat: config.wechatPay && createWechatPayProvider(config.wechatPay, options),
    alipay: config.alipay && createAlipayProvider(config.alipay, options),
  };
}

/**
 * Payment reconciliation (decision 022): every process with a real provider sends the same keyed
 * job once per slot; the processes that run jobs (servers with JOBS=inline, `npm run worker`)
 * handle it, so it runs once per slot across all of them. Without the queue (JOBS=off) it runs
 * on this process's own timer. Undefined when no real provider is configured.
 */
export async function startPaymentReconciliation(deps: {
  payment: Pick<PaymentService, 'reconcile' | 'realProviders'>;
  config: Pick<Config, 'paymentReconcileSeconds'>;
  jobs: JobQueue | undefined;
  runsJobs: boolean;
  logger: JobLogger;
  now: () => Date;
}): Promise<Housekeeping | undefined> {
  if (deps.payment.realProviders.size === 0) return undefined;
  return startHousekeeping({
    jobName: PAYMENT_RECONCILE_JOB,
    tasks: [{ name: 'payment-reconcile', run: () => deps.payment.reconcile() }],
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
    runsJobs: deps.runsJobs,
    intervalSeconds: deps.config.paymentReconcileSeconds,
    logger: deps.logger,
    now: deps.now,
  });
}
