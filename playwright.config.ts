import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium.ts';

/**
 * End-to-end tests in the machine's Chromium (never a downloaded browser):
 * - the dashboard, built and served by `vite preview` on 127.0.0.1:4173;
 * - the unpacked extension (.output/chrome-mv3, built by tests/e2e/global-setup.ts).
 * Artifacts go to test-results/e2e (test-results/ itself also holds other runners' reports);
 * screenshots for a person to look at go to test-results/screenshots.
 */
const PORT = 4173;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // `npm test` sets PLAYWRIGHT_JSON_OUTPUT_NAME to collect the counts.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // Build, then serve the production bundle (SPA fallback for deep links).
    command: `npx vite build --config web/vite.config.ts --logLevel warn && npx vite preview --config web/vite.config.ts --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
