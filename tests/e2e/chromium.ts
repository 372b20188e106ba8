import { existsSync } from 'node:fs';

/** The machine's Chromium (Debian package) and the flags every e2e launch uses. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The dashboard's pages run in Debian's chromium-headless-shell when it is installed: the same
 * engine and version without the browser's own windows and UI, as Playwright's own headless runs
 * are: 76 dashboard tests took 179 s instead of 224 s on two cores. The extension tests keep the full browser
 * (headed on a virtual display: they answer its permission prompt).
 */
export const HEADLESS_CHROMIUM_PATH =
  process.env.HEADLESS_CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const SCREENSHOT_DIR = 'test-results/screenshots';
