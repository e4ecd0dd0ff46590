import { defineProject } from 'vitest/config';
import { sharedAlias } from './vite.config';

// Unit tests of the web client: pure functions (route filtering, guard, validation, locales).
export default defineProject({
  resolve: { alias: sharedAlias },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'build/**/*.test.ts'],
    environment: 'node',
  },
});
