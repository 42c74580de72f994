import { defineConfig } from 'vitest/config'
import { pathAliases } from './path-aliases'

/**
 * Two tiers: `unit` (pure logic, main process with Electron faked, renderer components) and
 * `server` (route tests through app.inject on a real database: PGlite, or PostgreSQL when
 * DATABASE_URL is set).
 */
export default defineConfig({
  resolve: { alias: pathAliases() },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/main/**/*.test.ts',
            'src/renderer/**/*.test.{ts,tsx}',
            'tests/lint/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/renderer/language.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
})
