import type { TFunction } from 'i18next';

/**
 * The channel an order or sales bill came through (`from`: web, import, erp …) in the reader's
 * language; a channel the locales do not know shows as the server wrote it.
 */
export const channelLabel = (t: TFunction, from: string): string =>
  t(`channel.${from}`, { defaultValue: from });
