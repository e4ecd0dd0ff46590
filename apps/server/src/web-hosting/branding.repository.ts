import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts } from '../db/schema/accounts';

export function createBrandingRepository(db: Db) {
  return {
    /** The account's title per language and logo: config.json and /login's first screen. */
    async homeBranding(accountId: number) {
      const [account] = await db
        .select({ homeTitle: accounts.homeTitle, homeLogo: accounts.homeLogo })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return account;
    },
  };
}

export type BrandingRepository = ReturnType<typeof createBrandingRepository>;
