#!/usr/bin/env node
// Screenshots of the server-drawn first screen (JavaScript off: what shows before React mounts)
// and of the page after React, in en and zh, at 1440 and 375 px (issue 18 item 1, decision 026).
// `node scripts/first-screen-shots.mjs <baseUrl> <outDir> [path …]` against a running server with
// the demo seed; compares the welcome line's box before and after (a layout jump shows there).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:8090', outDir = 'test-results/first-screen', ...paths] =
  process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const login = await fetch(`${baseUrl}/api/Auth/Login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ user_id: 'demo', password: 'demo1234', account_id: 1, from: 'web' }),
}).then((response) => response.json());
if (login.code !== 200) throw new Error(`sign-in failed: ${login.msg}`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const rows = [];
try {
  for (const path of paths.length ? paths : ['/dashboard', '/product/index']) {
    for (const language of ['en', 'zh']) {
      for (const width of [1440, 375]) {
        const boxes = {};
        for (const javaScriptEnabled of [false, true]) {
          const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
          await context.addCookies([
            { name: 'pp_token', value: login.data, url: baseUrl, sameSite: 'Strict' },
            { name: 'pp_language', value: language, url: baseUrl },
          ]);
          const page = await context.newPage();
          await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
          if (javaScriptEnabled) {
            await page.getByTestId('welcome').waitFor({ timeout: 30_000 });
            await page.waitForTimeout(1500);
          }
          const name = `${path.replace(/\W+/g, '_')}-${language}-${width}-${javaScriptEnabled ? 'react' : 'drawn'}.png`;
          await page.screenshot({ path: join(outDir, name) });
          boxes[javaScriptEnabled ? 'react' : 'drawn'] = await page
            .locator('.welcome')
            .first()
            .boundingBox()
            .catch(() => null);
          await context.close();
        }
        rows.push({ path, language, width, drawn: boxes.drawn, react: boxes.react });
      }
    }
  }
} finally {
  await browser.close();
}
for (const row of rows) {
  const shift =
    row.drawn && row.react
      ? `${Math.round(row.react.x - row.drawn.x)}, ${Math.round(row.react.y - row.drawn.y)}`
      : '–';
  console.log(`${row.path} ${row.language} ${row.width}px: welcome line moved by (x, y) = ${shift}`);
}
