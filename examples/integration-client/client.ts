/**
 * A typed client of PartsPortal's Integration API v1, for an ERP's TypeScript scripts:
 * openapi-fetch over the types `npm run api:client` generates from the OpenAPI document.
 *
 *   const api = createPartsPortalClient('https://portal.example.com', process.env.PP_API_KEY!);
 *   const { data, error } = await api.GET('/orders/changes', { params: { query: { after: cursor } } });
 *
 * Every answer is `{ data }` on 2xx or `{ error }` (RFC 9457 problem details) otherwise.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema';

export function createPartsPortalClient(
  baseUrl: string,
  apiKey: string,
  language: 'en' | 'zh' | 'es' = 'en',
) {
  return createClient<paths>({
    baseUrl: `${baseUrl.replace(/\/$/, '')}/api/v1`,
    headers: { Authorization: `Bearer ${apiKey}`, 'Accept-Language': language },
  });
}

export type PartsPortalClient = ReturnType<typeof createPartsPortalClient>;
