import type { Database, Db } from './db/client';
import { createAddressesRepository } from './modules/addresses/addresses.repository';
import { createAreasRepository } from './modules/areas/areas.repository';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createCartRepository } from './modules/cart/cart.repository';
import { createPartMatchingRepository } from './modules/cart/part-matching.repository';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCheckoutRepository } from './modules/checkout/checkout.repository';
import { createCustomersRepository } from './modules/customers/customers.repository';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { createFinanceRepository } from './modules/finance/finance.repository';
import { createFreightRepository } from './modules/freight/freight.repository';
import { createImportsRepository } from './modules/imports/imports.repository';
import { createApiBatchesRepository } from './modules/integration/api-batches.repository';
import { createApiKeysRepository } from './modules/integration/api-keys.repository';
import { createOutboxRepository } from './modules/integration/outbox.repository';
import { createInventoryRepository } from './modules/inventory/inventory.repository';
import { createNamesRepository } from './modules/names/names.repository';
import { createSavedListsRepository } from './modules/saved-lists/saved-lists.repository';
import { createNoticesDeskRepository } from './modules/notices/notices-desk.repository';
import { createReportsRepository } from './modules/reports/reports.repository';
import { createNoticesRepository } from './modules/notices/notices.repository';
import {
  createOrderLinesRepository,
  createOrderRecordsRepository,
} from './modules/orders/order-records.repository';
import { createOrderDeskRepository } from './modules/order-desk/order-desk.repository';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { createPaymentRepository } from './modules/payment/payment.repository';
import { createRefundsRepository } from './modules/payments-desk/refunds.repository';
import { createPaymentsDeskRepository } from './modules/payments-desk/payments-desk.repository';
import { createPurchasesDeskRepository } from './modules/purchases-desk/purchases-desk.repository';
import { createDeliveriesRepository } from './modules/records/deliveries.repository';
import { createPurchasesRepository } from './modules/records/purchases.repository';
import { createSalesRepository } from './modules/records/sales.repository';
import { createStaffRepository } from './modules/staff/staff.repository';
import { createSupersessionsRepository } from './modules/supersessions/supersessions.repository';
import { createSystemRepository } from './modules/system/system.repository';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository';
import { createBrandingRepository } from './web-hosting/branding.repository';

/**
 * Every repository of the server, on one executor. The only place repositories are built: a
 * service's data access is what it reads from this bundle, so a read of another module's data
 * shows as `repos.catalog.…` in the service. Building the bundle is only closures over `db`,
 * cheap enough to repeat for every transaction.
 */
export function createRepositories(db: Db) {
  return {
    addresses: createAddressesRepository(db),
    apiBatches: createApiBatchesRepository(db),
    apiKeys: createApiKeysRepository(db),
    areas: createAreasRepository(db),
    audit: createAuditRepository(db),
    auth: createAuthRepository(db),
    branding: createBrandingRepository(db),
    cart: createCartRepository(db),
    catalog: createCatalogRepository(db),
    checkout: createCheckoutRepository(db),
    customers: createCustomersRepository(db),
    dashboard: createDashboardRepository(db),
    deliveries: createDeliveriesRepository(db),
    finance: createFinanceRepository(db),
    freight: createFreightRepository(db),
    inventory: createInventoryRepository(db),
    names: createNamesRepository(db),
    imports: createImportsRepository(db),
    notices: createNoticesRepository(db),
    orderDesk: createOrderDeskRepository(db),
    purchasesDesk: createPurchasesDeskRepository(db),
    noticesDesk: createNoticesDeskRepository(db),
    orderLines: createOrderLinesRepository(db),
    orderRecords: createOrderRecordsRepository(db),
    outbox: createOutboxRepository(db),
    orders: createOrdersRepository(db),
    partMatching: createPartMatchingRepository(db),
    payment: createPaymentRepository(db),
    paymentsDesk: createPaymentsDeskRepository(db),
    refunds: createRefundsRepository(db),
    purchases: createPurchasesRepository(db),
    reports: createReportsRepository(db),
    sales: createSalesRepository(db),
    savedLists: createSavedListsRepository(db),
    staff: createStaffRepository(db),
    supersessions: createSupersessionsRepository(db),
    system: createSystemRepository(db),
    webhooks: createWebhooksRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs `work` in one transaction, with every repository bound to it; rolls back when it throws.
 * `db` is the transaction's executor itself, for what must join it from outside the
 * repositories (a job sent with the change that needs it: platform/jobs.ts `send({ tx })`).
 */
export type Transaction = <T>(work: (repos: Repositories, db: Db) => Promise<T>) => Promise<T>;

/** What a service receives to reach the database: the bundle, and the bundle inside a transaction. */
export interface DataAccess {
  repos: Repositories;
  /**
   * The same repositories for **reads that may be a moment stale** (catalogue, record lists,
   * reports): on the read replica when DATABASE_REPLICA_URL is set and it is healthy and has the
   * caller's own writes, else on the primary (decision 027). Never for a read that decides a
   * write (stock, credit, an order's state before changing it): those use `repos` or `transaction`.
   */
  readRepos: Repositories;
  transaction: Transaction;
}

export function createDataAccess(database: Database): DataAccess {
  const repos = createRepositories(database.db);
  return {
    repos,
    readRepos: database.readDb === database.db ? repos : createRepositories(database.readDb),
    transaction: (work) => database.transaction((tx) => work(createRepositories(tx), tx)),
  };
}
