import { fileURLToPath } from 'node:url';

/**
 * Ports of the e2e run, all derived from E2E_PORT_BASE (default 4173) so two runs on one
 * machine can use different bases: dashboard preview = base, local stack = base + 1,
 * fake Google = base + 2, fake OpenAI-compatible provider = base + 3, static test pages = base + 5, fake Stripe = base + 6.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4173);

export const WEB_PORT = base;
export const STACK_PORT = base + 1;
export const GOOGLE_PORT = base + 2;
export const OPENAI_PORT = base + 3;
/** Static test pages (tests/fixtures/pages): what URL documents and the extension read. */
export const PAGES_PORT = base + 5;
/** The fake Stripe (tests/fixtures/fake-stripe.ts): checkout sessions, the pay page, signed webhooks. */
export const STRIPE_PORT = base + 6;

export const WEB_URL = `http://127.0.0.1:${WEB_PORT}`;
export const STACK_URL = `http://127.0.0.1:${STACK_PORT}`;
/** The fake OpenAI-compatible provider (tests/fixtures/fake-openai.ts); its base URL is `${OPENAI_URL}/v1`. */
export const OPENAI_URL = `http://127.0.0.1:${OPENAI_PORT}`;
export const PAGES_URL = `http://127.0.0.1:${PAGES_PORT}`;
export const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;

/** The dashboard's production bundle built for this run (tests/e2e/web-server.ts); per port, so two runs never overwrite each other. */
export const WEB_OUT_DIR = fileURLToPath(new URL(`../../.e2e/web-${WEB_PORT}`, import.meta.url));
/** The unpacked Chrome extension built for this run (tests/e2e/web-server.ts), pointed at this run's stack. */
export const EXTENSION_OUT_DIR = `.e2e/ext-${WEB_PORT}`;
export const EXTENSION_PATH = `${EXTENSION_OUT_DIR}/chrome-mv3`;
