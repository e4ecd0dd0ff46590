import { z } from 'zod';

/** `GET /static/config.json`: read by the web client before anything else (spec §7). */
export const staticConfigSchema = z.object({
  apiUrl: z.string(),
  account_id: z.number().int().positive(),
  /** Optional custom data (spec §1): home title per language and a home logo image URL. */
  homeTitle: z.record(z.string(), z.string()).optional(),
  homeLogo: z.string().optional(),
});
export type StaticConfig = z.infer<typeof staticConfigSchema>;
