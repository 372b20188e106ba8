import { expect, type Page } from '@playwright/test';
import { ERROR_SCREEN_TEXTS } from '@/shared/core/errorScreen.ts';

/**
 * What a tour through the app watches on every page it visits in one tab: our error screen (or
 * React Router's developer screen), console errors, server errors (5xx) and requests that failed
 * outright. A request the app cancelled itself (leaving a page mid-load) is not a failure.
 */
export interface TourWatch {
  /** Everything that went wrong since the last `take()`, one line each. */
  take(): string[];
  /** Resolves once no request is in flight (a page has drawn its data), or names those still open. */
  settled(timeoutMs?: number): Promise<void>;
}

export function watchTour(page: Page, origins: readonly string[]): TourWatch {
  let problems: string[] = [];
  const inFlight = new Set<string>();
  const ours = (url: string) => origins.some((origin) => url.startsWith(origin));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (ours(request.url())) inFlight.add(`${request.method()} ${request.url()}`);
  });
  page.on('requestfinished', (request) => inFlight.delete(`${request.method()} ${request.url()}`));
  page.on('requestfailed', (request) => {
    inFlight.delete(`${request.method()} ${request.url()}`);
    const failure = request.failure()?.errorText ?? '';
    if (ours(request.url()) && failure !== 'net::ERR_ABORTED')
      problems.push(`request failed (${failure}): ${request.method()} ${request.url()}`);
  });
  page.on('response', (response) => {
    if (ours(response.url()) && response.status() >= 500) {
      problems.push(`server error ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });
  return {
    take() {
      const taken = problems;
      problems = [];
      return taken;
    },
    async settled(timeoutMs = 20_000) {
      await expect.poll(() => [...inFlight], { message: 'requests still open', timeout: timeoutMs, intervals: [50, 100, 250] }).toEqual([]);
    },
  };
}

/**
 * Moves to `path` inside the app, as a link would (the same tab, the same query cache): React
 * Router follows the browser's history. A page load would start every cache afresh and hide
 * exactly the bugs a tour is for.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect.poll(() => page.evaluate(() => window.location.pathname + window.location.search)).toBe(path);
}

/** Our error screen, or the router's own developer screen, anywhere on the page. */
export const errorScreens = (page: Page) =>
  page.getByText(ERROR_SCREEN_TEXTS.title, { exact: true }).or(page.getByText('Unexpected Application Error!'));

/** A small seeded shuffle (mulberry32), so a failing order can be replayed exactly. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The world outside this machine (video thumbnails, players), which the tests cannot reach: answered
 * locally, an image with a plain tile and anything else with an empty page, as a connected browser
 * would get something back.
 */
export async function answerTheInternet(page: Page): Promise<void> {
  const tile = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#4f46e5"/></svg>';
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost' && url.protocol.startsWith('http'),
    (route) =>
      route.request().resourceType() === 'image'
        ? route.fulfill({ contentType: 'image/svg+xml', body: tile })
        : route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' }),
  );
}
