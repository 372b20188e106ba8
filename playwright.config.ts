import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_CHROMIUM_PATH } from './tests/e2e/chromium.ts';
import { STACK_URL, WEB_PORT, WEB_URL } from './tests/e2e/ports.ts';

/**
 * End-to-end tests in the machine's Chromium (never a downloaded browser):
 * - the dashboard, built against the e2e stack and served by `vite preview` on 127.0.0.1:4173;
 * - the e2e backend (tests/e2e/servers.ts): a fresh local stack on :4174 (in-memory PGlite,
 *   mailbox at /mail) with a fake Google on :4175. E2E_PORT_BASE moves all three ports;
 * - the unpacked extension (.e2e/ext-<port>/chrome-mv3), built beside the dashboard by tests/e2e/web-server.ts.
 * Artifacts go to test-results/e2e (test-results/ itself also holds other runners' reports);
 * screenshots for a person to look at go to test-results/screenshots.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Per-port artifacts too: a parallel run with another E2E_PORT_BASE must not wipe this one's traces.
  outputDir: process.env.E2E_PORT_BASE ? `test-results/e2e-${WEB_PORT}` : 'test-results/e2e',
  // Budgets for a busy machine (the suite must hold with one core taken by other work): a page that
  // loads its chunks, session and data can take several seconds there. Every wait is for a
  // condition, so an idle machine never waits this long; heavy steps (axe, screenshots) add their
  // own time to the test's budget (tests/e2e/screens.ts).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // `npm test` sets PLAYWRIGHT_JSON_OUTPUT_NAME to collect the counts.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    baseURL: WEB_URL,
    launchOptions: { executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed test keeps its trace with a DOM snapshot at every action, but without the trace's
    // screencast: recording frames doubled the browser's CPU time on every test, failed or not
    // (the failure screenshot below still shows the last frame). In CI only the retry records:
    // recording every first attempt cost about 7% of the run, and a failure there is retried.
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'npx tsx tests/e2e/servers.ts',
      url: `${STACK_URL}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Builds the dashboard and the extension against the e2e stack side by side, then serves the dashboard.
      command: 'npx tsx tests/e2e/web-server.ts',
      url: `${WEB_URL}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
