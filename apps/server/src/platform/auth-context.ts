import type { Language } from '@partsportal/contract/codes';
import type { StaffRole } from '@partsportal/contract/endpoint';

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

/** A signed-in member of the wholesaler's staff (back office), resolved from a staff token. */
export interface StaffContext {
  sessionId: number;
  staffId: number;
  accountId: number;
  login: string;
  name: string;
  role: StaffRole;
  /** False between the password and the TOTP step: only the second-factor calls are open. */
  secondFactorDone: boolean;
}

export interface RequestContext {
  language: Language;
  /** Null on public calls made without a token. */
  auth: AuthContext | null;
  /** Set instead of `auth` on staff calls (a token is one kind or the other, never both). */
  staff: StaffContext | null;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The guard's view of token checks; implemented by the auth module. */
export type Authenticate = (token: string) => Promise<AuthContext>;
/** The same for staff tokens; implemented by the staff module. */
export type AuthenticateStaff = (token: string) => Promise<StaffContext>;
