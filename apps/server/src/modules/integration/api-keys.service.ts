import type { ApiKeyRow } from '@partsportal/contract/api-keys';
import { createHash, randomBytes } from 'node:crypto';
import { API_SCOPES, type ApiScope } from '@partsportal/contract/integration';
import type { DataAccess } from '../../repositories';
import type { AuditActor } from '../audit/audit.repository';

/** Live keys start so (GitHub-style secret scanners can be taught the pattern). */
export const KEY_PREFIX = 'pp_live_';
/** How much of the key is kept in clear to tell keys apart (`pp_live_` + 8). */
const SHOWN_PREFIX_LENGTH = 16;
/** Don't write last_used_at on every call: once a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Who calls the integrators' API: resolved from `Authorization: Bearer …` once per request. */
export interface ApiKeyContext {
  keyId: number;
  accountId: number;
  name: string;
  prefix: string;
  scopes: readonly ApiScope[];
  rateLimitPerMinute: number;
  expiresAt: Date | null;
}

export type ApiKeyRefusal = 'missing' | 'unknown' | 'revoked' | 'expired';

export function createApiKeysService(deps: DataAccess & { now?: () => Date }) {
  const { repos, transaction } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /** A new key, shown once: only its hash and prefix are stored. Recorded in the audit log. */
    async create(
      input: {
        accountId: number;
        name: string;
        scopes: readonly ApiScope[];
        expiresAt?: Date | null;
        rateLimitPerMinute?: number;
      },
      actor: AuditActor,
    ) {
      const unknown = input.scopes.filter((scope) => !(API_SCOPES as readonly string[]).includes(scope));
      if (unknown.length > 0) throw new Error(`unknown scopes: ${unknown.join(', ')}`);
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const prefix = key.slice(0, SHOWN_PREFIX_LENGTH);
      const id = await transaction(async (tx) => {
        const keyId = await tx.apiKeys.insert({
          accountId: input.accountId,
          name: input.name,
          prefix,
          keyHash: hashApiKey(key),
          scopes: [...input.scopes],
          expiresAt: input.expiresAt ?? null,
          ...(input.rateLimitPerMinute ? { rateLimitPerMinute: input.rateLimitPerMinute } : {}),
          createdBy: actor.name,
        });
        await tx.audit.record({
          accountId: input.accountId,
          actor,
          action: 'api-key.create',
          entity: 'api-key',
          entityId: keyId,
          details: {
            name: input.name,
            prefix,
            scopes: input.scopes,
            expires_at: input.expiresAt?.toISOString() ?? null,
          },
        });
        return keyId;
      });
      return { id, key, prefix };
    },

    async revoke(accountId: number, match: { id?: number; prefix?: string }, actor: AuditActor) {
      return transaction(async (tx) => {
        const revoked = await tx.apiKeys.revoke(accountId, match, now());
        if (revoked) {
          await tx.audit.record({
            accountId,
            actor,
            action: 'api-key.revoke',
            entity: 'api-key',
            entityId: revoked.id,
            details: { name: revoked.name, prefix: revoked.prefix },
          });
        }
        return revoked;
      });
    },

    list: (accountId: number) => repos.apiKeys.list(accountId),

    /** The back office's list (contract api-keys.ts): a key's state, never its hash. */
    async listForStaff(accountId: number): Promise<ApiKeyRow[]> {
      const current = now().getTime();
      const seconds = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);
      return (await repos.apiKeys.list(accountId)).map((row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes,
        state: row.revokedAt
          ? 'revoked'
          : row.expiresAt && row.expiresAt.getTime() <= current
            ? 'expired'
            : 'active',
        rate_limit_per_minute: row.rateLimitPerMinute,
        last_used_at: seconds(row.lastUsedAt),
        expires_at: seconds(row.expiresAt),
        created_at: seconds(row.createdAt)!,
        created_by: row.createdBy,
      }));
    },

    /** `Authorization` header → the key, or why not. A buyer's or staff token is just unknown. */
    async authenticate(header: string | undefined): Promise<ApiKeyContext | ApiKeyRefusal> {
      const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
      if (!match) return 'missing';
      const key = match[1]!;
      if (!key.startsWith(KEY_PREFIX) || key.length > 128) return 'unknown';
      const row = await repos.apiKeys.findByHash(hashApiKey(key));
      if (!row) return 'unknown';
      if (row.revokedAt) return 'revoked';
      const current = now();
      if (row.expiresAt && row.expiresAt.getTime() <= current.getTime()) return 'expired';
      if (!row.lastUsedAt || current.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await repos.apiKeys.touch(row.id, current);
      }
      return {
        keyId: row.id,
        accountId: row.accountId,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes as ApiScope[],
        rateLimitPerMinute: row.rateLimitPerMinute,
        expiresAt: row.expiresAt,
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
