import { parseArgs } from 'node:util';
import { DEFAULT_ACCOUNT_ID } from '@partsportal/contract/auth';
import type { ApiScope } from '@partsportal/contract/integration';
import { WEBHOOK_EVENTS, webhookCreateSchema } from '@partsportal/contract/webhooks';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AuditActor } from '../modules/audit/audit.repository';
import { createWebhooksService, WebhookRefusal } from '../modules/webhooks/webhooks.service';
import { openJobQueue } from '../platform/jobs';
import { createDataAccess } from '../repositories';

export const WEBHOOK_USAGE = [
  `       npm run admin -- webhook create --key pp_live_XXXXXXXX --url https://erp.example/hooks --events ${WEBHOOK_EVENTS.join(',')}`,
  '       npm run admin -- webhook list',
  '       npm run admin -- webhook delete --id N',
];

/**
 * `npm run admin -- webhook create|list|delete`: the same endpoints as the /api/v1 calls, for
 * an operator (the key is named by its prefix; its scopes still decide which events it may have).
 * The signing secret is printed once.
 */
export async function webhookCommand(
  verb: string | undefined,
  rest: string[],
  tools: {
    withDatabase: <T>(work: (database: Database, config: Config) => Promise<T>) => Promise<T>;
    actor: AuditActor;
    usage: string;
  },
): Promise<number> {
  const { values } = parseArgs({
    args: rest,
    options: {
      key: { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
      description: { type: 'string' },
      id: { type: 'string' },
      account: { type: 'string' },
    },
    strict: true,
  });
  const accountId = values.account ? Number(values.account) : DEFAULT_ACCOUNT_ID;
  const withService = <T>(
    work: (service: ReturnType<typeof createWebhooksService>, database: Database) => Promise<T>,
  ) =>
    tools.withDatabase(async (database, config) => {
      // The command only registers endpoints: no jobs are sent or run here.
      const jobs = await openJobQueue({ database, config: { ...config, jobs: 'off' }, logger: console });
      return work(
        createWebhooksService({ ...createDataAccess(database), jobs, config, logger: console }),
        database,
      );
    });

  if (verb === 'create') {
    const parsed = webhookCreateSchema.safeParse({
      url: values.url,
      events: (values.events ?? '')
        .split(',')
        .map((event) => event.trim())
        .filter(Boolean),
      ...(values.description ? { description: values.description } : {}),
    });
    if (!values.key || !parsed.success) {
      console.error(
        `--key (an API key's prefix), --url (http or https) and --events (${WEBHOOK_EVENTS.join(', ')}) are required\n${tools.usage}`,
      );
      return 2;
    }
    const input = parsed.data;
    const result = await withService(async (service, database) => {
      const key = (await createDataAccess(database).repos.apiKeys.list(accountId)).find(
        (row) => row.prefix === values.key && !row.revokedAt,
      );
      if (!key) return `No active API key with prefix ${values.key}.`;
      try {
        return await service.create(
          { keyId: key.id, accountId, scopes: key.scopes as ApiScope[] },
          input,
          tools.actor,
        );
      } catch (error) {
        if (!(error instanceof WebhookRefusal)) throw error;
        return `The key lacks the scope ${error.params.scopes} for these events.`;
      }
    });
    if (typeof result === 'string') {
      console.error(result);
      return 1;
    }
    console.log(`Webhook endpoint #${result.id} created: ${result.url} (${result.events.join(', ')}).`);
    console.log('Signing secret, shown once — the receiver verifies PartsPortal-Signature with it:');
    console.log(result.secret);
    return 0;
  }
  if (verb === 'list') {
    const endpoints = await withService((service) => service.listAccount(accountId));
    for (const endpoint of endpoints) {
      console.log(
        [`#${endpoint.id}`, endpoint.url, endpoint.events.join(','), `key id ${endpoint.api_key_id}`].join(
          '  ',
        ),
      );
    }
    if (endpoints.length === 0) console.log('No webhook endpoints.');
    return 0;
  }
  if (verb === 'delete') {
    const id = Number(values.id);
    if (!Number.isInteger(id) || id <= 0) {
      console.error(`--id is required\n${tools.usage}`);
      return 2;
    }
    try {
      await withService((service) => service.remove({ accountId }, id, tools.actor));
    } catch (error) {
      if (!(error instanceof WebhookRefusal)) throw error;
      console.error(`No webhook endpoint #${id}.`);
      return 1;
    }
    console.log(`Webhook endpoint #${id} deleted.`);
    return 0;
  }
  console.error(tools.usage);
  return 2;
}
