import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations (`npx drizzle-kit generate`); they are applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
