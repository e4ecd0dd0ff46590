import type { Language } from '@partsportal/contract/codes';

/** Who is calling, resolved from the Token header once per request. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  accountId: number;
  /** Every customer record query is scoped by this, never by an id the client sent. */
  companyId: number;
  role: string;
  menus: readonly string[];
  tags: readonly string[];
  /** The user's address-page switch; it grants the address calls (contract `ADDRESS_GRANTS`). */
  showAddress: boolean;
}

export interface RequestContext {
  language: Language;
  /** Null on public calls made without a token. */
  auth: AuthContext | null;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The guard's view of token checks; implemented by the auth module. */
export type Authenticate = (token: string) => Promise<AuthContext>;
