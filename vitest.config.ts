import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Three projects: fast pure unit tests, integration tests against a real local stack
// (PGlite by default, TEST_DB=postgres for the machine's PostgreSQL), and the store packages.
export default defineConfig({
  test: {
    // A focused test skips the others: fail instead, locally as in CI (lint refuses `.only` too).
    allowOnly: false,
    projects: [
      {
        // WXT's plugin gives unit tests the extension's build view: `wxt/browser` and the `chrome` /
        // `browser` globals are an in-memory fake browser, the wxt.config aliases and env apply.
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/helpers/node-websocket.ts'],
          // Vitest's default (one worker per core but one) leaves one of two cores idle: 71 s against 47 s.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        // `@/…` is the repository root, as in tsconfig.json (the unit project gets it from WXT).
        resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '') } },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/integration-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own stack; two cores — keep it to two at a time.
          maxWorkers: 2,
        },
      },
      {
        // Builds the store packages once (`npm run zip` for a hosted project) and checks what is in them.
        test: {
          name: 'packages',
          include: ['tests/packages/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
