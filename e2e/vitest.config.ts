import { defineConfig } from 'vitest/config';

// Browser tests: one server on a fresh database and one Chromium for the whole run
// (global-setup.ts); files run one after another, each in its own browser contexts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default, while the pages wait 15 s for a locator (support/browser.ts):
    // a poll for rows that need a server answer and a React render failed whenever those took
    // longer than a second on a busy machine. The same 15 s for both.
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default'],
  },
});
