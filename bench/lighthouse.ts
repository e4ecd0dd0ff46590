// Lighthouse on the production build served by the real server, driven from Node with the
// system Chromium (never a downloaded browser). Each page is audited with the mobile default
// config and with the desktop preset, several times; callers take medians.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags the brief asks for, so runs on a shared machine do no background work. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseRun {
  page: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** Audits that scored below 0.9 (id: display value), to know what to fix. */
  findings: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface LighthouseBrowser {
  context: BrowserContext;
  port: number;
  close(): Promise<void>;
}

/**
 * One Chromium whose default profile Lighthouse also uses (it connects over the debugging
 * port and opens its tab there), so a cookie added through Playwright is the session the
 * web client reads — exactly how the client keeps it after a sign-in.
 */
export async function launchLighthouseBrowser(): Promise<LighthouseBrowser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'],
  });
  return {
    context,
    port,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export async function runLighthouse(
  browser: LighthouseBrowser,
  url: string,
  formFactor: FormFactor,
): Promise<LighthouseRun> {
  const flags: Flags = {
    port: browser.port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr: Result = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.message}`);
  // The whole report (long tasks, bootup time per script, opportunities) for a closer look.
  const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${formFactor}-${Date.now()}.json`;
    fs.writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const findings = Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual' &&
        audit.scoreDisplayMode !== 'notApplicable',
    )
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return {
    page: new URL(url).pathname,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    findings,
  };
}
