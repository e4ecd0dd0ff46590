import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseKind } from '../../src/config';

/** Where every reliability check leaves its last figures (git-ignored; read by scripts/reliability.mjs). */
export const FIGURES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test-results/reliability',
);

export type Figure = number | string | boolean;

/**
 * Records the headline figures of one reliability check on the current test database and
 * prints them as one line, so a CI log shows them even without the summary script.
 * `check` is a short kebab-case id (e.g. `access-walk`); each call replaces that check's
 * file for this database.
 */
export function reportFigures(check: string, figures: Record<string, Figure>): void {
  const database = testDatabaseKind();
  fs.mkdirSync(FIGURES_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(FIGURES_DIR, `${check}.${database}.json`),
    JSON.stringify({ check, database, at: new Date().toISOString(), figures }, null, 2),
  );
  const line = Object.entries(figures)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(' ');
  console.log(`[reliability] ${check} (${database}): ${line}`);
}
