import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One runner, four projects: pure rules and the statechart; React components in jsdom; the API on
// SQLite and PostgreSQL; the real browser against the real server.
export default defineConfig({
  test: {
    // Two files at a time, from every project, on the CI runner's two cores (decision 107): each file
    // runs in a process of its own (the forks pool), the server files on their own DATA_DIR and
    // PostgreSQL databases (tests/server/ayuda/bases.ts), the browser files on their own server
    // (free port) and Chromium. Vitest takes the projects in name order, each one's slowest files first.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts', 'medicion/tests/unit/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/dom/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/dom/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'medicion/tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
