import { defineConfig } from 'drizzle-kit';

// Migrations are plain SQL shared by PGlite and PostgreSQL; see src/db/client.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.schema.ts',
  out: './drizzle',
});
