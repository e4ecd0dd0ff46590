import { ResultCode } from '@partsportal/contract/codes';
import {
  ADMIN_ROLE,
  SHOW_ADDRESS_GRANT,
  isStaffPermission,
  type Permission,
  type StaffPermission,
} from '@partsportal/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  AuthContext,
  Authenticate,
  AuthenticateStaff,
  RequestContext,
  StaffContext,
} from './auth-context';
import { AppError } from './errors';
import { parseLanguage } from './language';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** GET links opened by <img>/<a> may carry the token as `?token=`. */
    tokenInQuery?: boolean;
  }
}

/** Throws 50008 when a handler that needs a user runs without one (a wiring mistake otherwise). */
export function requireAuth(ctx: RequestContext): AuthContext {
  if (!ctx.auth) throw new AppError(ResultCode.invalidToken, 'invalidToken');
  return ctx.auth;
}

/** Throws 50008 when a staff handler runs without a staff member (a wiring mistake otherwise). */
export function requireStaff(ctx: RequestContext): StaffContext {
  if (!ctx.staff) throw new AppError(ResultCode.invalidToken, 'invalidToken');
  return ctx.staff;
}

/**
 * Owner passes every staff call; the others need their role on the call's list. Before the
 * second factor only calls marked `secondFactor: 'pending'` are open — to anyone, since the
 * session is not yet anyone's (40011 tells the client to ask for the code).
 */
export function staffMayCall(
  staff: StaffContext,
  permission: StaffPermission,
): 'ok' | 'forbidden' | 'second-factor' {
  if (!staff.secondFactorDone && permission.secondFactor !== 'pending') return 'second-factor';
  if (staff.role === 'owner' || permission.staff.includes(staff.role)) return 'ok';
  return 'forbidden';
}

export function holdsPermission(auth: AuthContext, permission: Permission): boolean {
  if (permission === 'public' || permission === 'signed-in') return true;
  // A customer session never holds a staff permission (admin role included).
  if (isStaffPermission(permission)) return false;
  if (auth.role === ADMIN_ROLE) return true;
  return permission.some((grant) =>
    grant === SHOW_ADDRESS_GRANT ? auth.showAddress : auth.menus.includes(grant),
  );
}

const queryToken = (query: unknown) => {
  const value = (query as Record<string, unknown> | undefined)?.token;
  return typeof value === 'string' ? value : undefined;
};

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Resolves language and caller before the body is even parsed, and enforces each route's
 * permission. Deny by default: a route that declares no permission is refused unless its URL is
 * on the explicit public list (static files, health, config).
 */
export function installRequestContext(
  app: FastifyInstance,
  options: {
    authenticate: Authenticate;
    authenticateStaff: AuthenticateStaff;
    isPublicUrl: (url: string) => boolean;
  },
) {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  // Callback style, not async: public routes (health, static files) finish without a promise,
  // and only a route that needs a user waits for the session lookup.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done: (error?: Error) => void) => {
    const ctx: RequestContext = {
      language: parseLanguage(request.headers.lng),
      auth: null,
      staff: null,
      ip: request.ip,
      headers: request.headers,
    };
    request.ctx = ctx;
    // Read once: Fastify builds a new object on every read of `routeOptions`.
    const route = request.routeOptions;
    // The integrators' API authenticates its own keys (modules/integration/integration-api.ts).
    if (route.config?.operation) return done();
    const permission = route.config?.permission;
    if (permission === undefined) {
      if (route.url === undefined || options.isPublicUrl(route.url)) return done();
      return done(new AppError(ResultCode.forbidden, 'forbidden'));
    }
    if (permission === 'public') return done();
    // Tokens come only from the Token header (brief §5); `?token` only on the few GET links
    // (pictures, downloads) that declare `tokenInQuery`, because an <img> cannot send headers.
    const token =
      headerValue(request.headers.token) ??
      (route.config?.tokenInQuery ? queryToken(request.query) : undefined);
    if (!token) return done(new AppError(ResultCode.invalidToken, 'invalidToken'));
    if (isStaffPermission(permission)) {
      // Looked up among staff sessions only: a customer token is unknown there (50008).
      options.authenticateStaff(token).then(
        (staff) => {
          ctx.staff = staff;
          const verdict = staffMayCall(staff, permission);
          if (verdict === 'ok') return done();
          done(
            verdict === 'second-factor'
              ? new AppError(ResultCode.secondFactorRequired, 'secondFactorRequired')
              : new AppError(ResultCode.forbidden, 'forbidden'),
          );
        },
        (error: unknown) => done(error as Error),
      );
      return;
    }
    options.authenticate(token).then(
      (auth) => {
        ctx.auth = auth;
        done(holdsPermission(auth, permission) ? undefined : new AppError(ResultCode.forbidden, 'forbidden'));
      },
      (error: unknown) => done(error as Error),
    );
  });
}
