import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';

let ownBaseUrl: string | undefined;
/** The server under test: the run's shared one, or a file's own (support/own-server.ts). */
export const baseUrl = (): string => ownBaseUrl ?? inject('baseUrl');
/** Points this file's helpers at a server of its own; `undefined` returns to the shared one. */
export function setBaseUrl(url: string | undefined): void {
  ownBaseUrl = url;
}

export const USERS = {
  demo: { id: 'demo', password: 'demo1234' },
  viewer: { id: 'viewer', password: 'viewer1234' },
  partner: { id: 'partner', password: 'partner1234' },
  admin: { id: 'admin', password: 'admin1234' },
} as const;
export type UserName = keyof typeof USERS;

/** One Chromium per run (launched by global-setup); each file connects once. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  // A failed test leaves what its pages showed: a CI log only has the first line of the error,
  // and a 15 s wait for a locator says nothing about the screen it waited on.
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (browser) await recordFailure(browser, `${task.file?.name ?? ''} ${task.name}`);
    });
  });
  return () => {
    if (!browser) throw new Error('browser not connected');
    return browser;
  };
}

/** A fresh context (own cookies) with a page; the language cookie picks the UI language. */
export async function newPage(
  browser: Browser,
  { language = 'en', ...options }: BrowserContextOptions & { language?: 'zh' | 'en' | 'es' | null } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  if (language) await context.addCookies([{ name: 'pp_language', value: language, url: baseUrl() }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs in through the API (fast, no UI) and stores the token cookie the client reads. */
export async function signInByApi(
  context: BrowserContext,
  user: UserName,
  password?: string,
): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      user_id: USERS[user].id,
      password: password ?? USERS[user].password,
      account_id: 1,
      from: 'web',
    }),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: string };
  expect(answer.code, answer.msg).toBe(200);
  await context.addCookies([{ name: 'pp_token', value: answer.data, url: baseUrl() }]);
  return answer.data;
}

/** Signs in through the login form. */
/** One API call as the holder of `token` (English answers); fails the test unless it answers 200. */
export async function api<T>(token: string, path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Token: token, Lng: 'en' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
  return answer.data;
}

export async function signInByForm(page: Page, user: UserName, password?: string): Promise<void> {
  await page.locator('#login-user-id').fill(USERS[user].id);
  await page.locator('#login-password').fill(password ?? USERS[user].password);
  await page.locator('#login-password').press('Enter');
}

export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('welcome').waitFor();
}

/** Keys of the sidebar's menu entries (route paths), the entries a user can reach. */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const sidebar = page.locator('nav.sidebar');
  // Open every group so that their entries are in the DOM.
  for (const title of await sidebar.locator('.ant-menu-submenu-title').all()) {
    const group = title.locator('xpath=..');
    if (!(await group.getAttribute('class'))?.includes('ant-menu-submenu-open')) await title.click();
    // Until the group says it is open (its entries are rendered then), not a fixed pause.
    await expect.poll(() => group.getAttribute('class')).toContain('ant-menu-submenu-open');
  }
  return sidebar
    .locator('li.ant-menu-item')
    .evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-menu-id')?.replace(/^.*?-(\/.*)$/, '$1') ?? ''),
    );
}

const axeSource = readFileSync(
  resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core on the current page; returns serious and critical violations only. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const FAILURES_DIR = resolve(import.meta.dirname, '../../test-results/e2e/failures');
/** Every failure's screens, one line each (scripts/e2e.mjs prints the file when a run fails). */
export const FAILURES_FILE = join(FAILURES_DIR, 'failures.txt');

/** Each open page's address, alerts and a screenshot, for a failed test. */
async function recordFailure(browser: Browser, test: string): Promise<void> {
  mkdirSync(FAILURES_DIR, { recursive: true });
  const lines: string[] = [];
  let n = 0;
  for (const context of browser.contexts()) {
    for (const page of context.pages()) {
      n++;
      const shot = `${test.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${n}.png`;
      const alerts = await page
        .locator('[role="alert"], .ant-message-notice, .ant-modal-title, .ant-form-item-explain-error')
        .allTextContents()
        .catch(() => []);
      await page.screenshot({ path: join(FAILURES_DIR, shot), timeout: 5_000 }).catch(() => undefined);
      lines.push(
        `e2e failure: ${test} | page ${n}: ${page.url()} | alerts: ${JSON.stringify(alerts.slice(0, 5))} | ${shot}`,
      );
    }
  }
  if (lines.length === 0) lines.push(`e2e failure: ${test} | no open page`);
  for (const line of lines) console.error(line);
  writeFileSync(FAILURES_FILE, lines.join('\n') + '\n', { flag: 'a' });
}
