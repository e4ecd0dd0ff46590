import { authEndpoints, type LoginRequest, type UserInfo } from '@partsportal/contract/auth';
import { callEndpoint, type RequestOptions } from './client';

/*
 * Kept in its own module and always imported dynamically (see session-store.ts): the
 * contract's schemas bring zod, which the first paint of /login must not wait for.
 */

export const login = (body: LoginRequest, options?: RequestOptions) =>
  callEndpoint(authEndpoints.login, body, options);

export const logout = () => callEndpoint(authEndpoints.logout, {}, { silent: true });

export const getUserInfo = (options?: RequestOptions): Promise<UserInfo> =>
  callEndpoint(authEndpoints.getUserInfo, {}, options);

export const changePassword = (
  current: string,
  password: string,
  confirm: string,
  options?: RequestOptions,
) =>
  callEndpoint(
    authEndpoints.changePassword,
    {
      current_password: current,
      password,
      confirm_passwrod: confirm,
    },
    options,
  );

/** Optional two-step sign-in (decision 012). */
export const startTwoFactor = () => callEndpoint(authEndpoints.startTwoFactor, {}, { silent: true });

export const confirmTwoFactor = (code: string) =>
  callEndpoint(authEndpoints.confirmTwoFactor, { code }, { silent: true });

export const disableTwoFactor = (currentPassword: string, code: { code?: string; recovery_code?: string }) =>
  callEndpoint(
    authEndpoints.disableTwoFactor,
    { current_password: currentPassword, ...code },
    { silent: true },
  );
