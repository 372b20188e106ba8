import { fileURLToPath } from 'node:url';
import { fakeAiBaseUrls } from '../fixtures/fake-ai-services.ts';
import type { FakeProviderKind } from '../fixtures/fake-providers/index.ts';

/**
 * Ports of the e2e run, all derived from E2E_PORT_BASE (default 4173) so two runs on one
 * machine can use different bases: dashboard preview = base, local stack = base + 1,
 * fake Google = base + 2, fake OpenAI = base + 3, static test pages = base + 5, fake Stripe = base + 6, and the other
 * AI services' strict fakes = base + 10 … base + 15 (each its own origin, so the browser enforces its CORS).
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4173);

export const WEB_PORT = base;
export const STACK_PORT = base + 1;
export const GOOGLE_PORT = base + 2;
const OPENAI_PORT = base + 3;
/** Static test pages (tests/fixtures/pages): what URL documents and the extension read. */
export const PAGES_PORT = base + 5;
/** The fake Stripe (tests/fixtures/fake-stripe.ts): checkout sessions, the pay page, signed webhooks. */
export const STRIPE_PORT = base + 6;
/** The strict fakes of the web search services (tests/fixtures/fake-search.ts): Brave Search, Tavily, SearXNG. */
export const SEARCH_PORT = base + 7;

/** The strict fakes of the AI services (tests/fixtures/fake-providers), one origin each. */
export const AI_PORTS: Record<FakeProviderKind, number> = {
  openai: OPENAI_PORT,
  gemini: base + 10,
  anthropic: base + 11,
  cohere: base + 12,
  ai21: base + 13,
  huggingface: base + 14,
  ollama: base + 15,
};
export const AI_ORIGINS = Object.fromEntries(Object.entries(AI_PORTS).map(([kind, port]) => [kind, `http://127.0.0.1:${port}`])) as Record<
  FakeProviderKind,
  string
>;
/** AI_BASE_URLS for the builds and the stack: every provider at its fake. */
export const AI_BASE_URLS = fakeAiBaseUrls(AI_ORIGINS);

export const WEB_URL = `http://127.0.0.1:${WEB_PORT}`;
export const STACK_URL = `http://127.0.0.1:${STACK_PORT}`;
/** The fake OpenAI (tests/fixtures/fake-providers/openai.ts); its base URL is `${OPENAI_URL}/v1`. */
export const OPENAI_URL = `http://127.0.0.1:${OPENAI_PORT}`;
export const PAGES_URL = `http://127.0.0.1:${PAGES_PORT}`;
export const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;

/** The dashboard's production bundle built for this run (tests/e2e/web-server.ts); per port, so two runs never overwrite each other. */
export const WEB_OUT_DIR = fileURLToPath(new URL(`../../.e2e/web-${WEB_PORT}`, import.meta.url));
/** The unpacked Chrome extension built for this run (tests/e2e/web-server.ts), pointed at this run's stack. */
export const EXTENSION_OUT_DIR = `.e2e/ext-${WEB_PORT}`;
export const EXTENSION_PATH = `${EXTENSION_OUT_DIR}/chrome-mv3`;
