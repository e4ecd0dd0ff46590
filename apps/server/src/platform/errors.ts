import { ResultCode } from '@partsportal/contract/codes';
import type { MessageKey, MessageParams } from './messages';

/** An expected refusal: becomes `{code, msg}` with `msg` in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const refused = (key: MessageKey, params?: MessageParams) =>
  new AppError(ResultCode.refused, key, params);
export const notFound = () => new AppError(ResultCode.notFound, 'notFound');
export const forbidden = () => new AppError(ResultCode.forbidden, 'forbidden');
