import type { Language } from '@partsportal/contract/common';

/*
 * Copies of three constants of packages/contract/src/common.ts. That module also builds zod
 * schemas at load time, and any static import of it puts zod (~25 KB gzip) into the /login
 * bundle. contract-constants.test.ts fails as soon as these drift from the contract.
 */

/** Result codes after which the "you have been logged out" dialog shows (spec §8). */
export const RELOGIN_CODES: readonly number[] = [50008, 50012, 50014];

export const LANGUAGES = ['zh', 'en', 'es'] as const satisfies readonly Language[];

export const DEFAULT_LANGUAGE: Language = 'zh';
