import { declareLocalScheduler } from '@/supabase/local/scheduler.ts';
import { startLocalStack } from '@/supabase/local/server.ts';
import { monitored } from '@/supabase/functions/_shared/monitoring.ts';
import { openPglite } from '@/supabase/local/db/pglite.ts';
import { startFakeGoogle } from '../fixtures/fake-google.ts';
import { startFakeAiServices } from '../fixtures/fake-ai-services.ts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from '../fixtures/fake-stripe.ts';
import { FAKE_PRICE_PRO, FAKE_PRICE_TEAM } from '../fixtures/fake-stripe-billing.ts';
import { AI_BASE_URLS, AI_PORTS, GOOGLE_PORT, PAGES_PORT, SEARCH_PORT, STACK_PORT, STACK_URL, STRIPE_PORT, WEB_URL } from './ports.ts';
import { startFakeSearch } from '../fixtures/fake-search.ts';
import { startTestPages } from '../fixtures/pages/serve.ts';
import { E2E_AI_MODELS, E2E_PROVIDER_KEYS_SECRET } from './support.ts';

/**
 * The backend of the e2e run (started by playwright.config.ts): a fresh local stack on
 * in-memory PGlite with the fake Google as its Google OAuth provider, and strict fakes of every AI
 * service (tests/fixtures/fake-providers). Everything is thrown away when Playwright stops it.
 */
// The stack's fetch-url function reads the local test pages.
process.env.FETCH_URL_ALLOW_PRIVATE = 'true';
const google = await startFakeGoogle(GOOGLE_PORT);
const pages = await startTestPages(PAGES_PORT);
// Payments go to the fake Stripe; its webhooks come back to the stack's stripe-webhook function.
const stripe = await startFakeStripe({ port: STRIPE_PORT, webhookUrl: `${STACK_URL}/functions/v1/stripe-webhook` });
Object.assign(process.env, {
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
  STRIPE_PRICE_PRO: FAKE_PRICE_PRO,
  STRIPE_PRICE_TEAM: FAKE_PRICE_TEAM,
});
// The web-search function searches the strict fakes of Brave Search and Tavily.
const search = await startFakeSearch(SEARCH_PORT);
Object.assign(process.env, { WEB_SEARCH_BRAVE_URL: search.braveUrl, WEB_SEARCH_TAVILY_URL: search.tavilyUrl });
const ai = await startFakeAiServices({ ports: AI_PORTS, models: E2E_AI_MODELS });
if (ai.baseUrlsJson !== AI_BASE_URLS) throw new Error(`the AI fakes are not where the builds expect them: ${ai.baseUrlsJson}`);
const stack = await startLocalStack({
  db: await openPglite(),
  // As the functions' index.ts on hosted Supabase: failures are recorded for monitoring.
  wrapFunction: monitored,
  config: {
    port: STACK_PORT,
    siteUrl: WEB_URL,
    additionalRedirectUrls: [`${WEB_URL}/**`, 'http://marketplace.aivault.test:*/**', 'http://feedback.aivault.test:*/**'],
    logRequests: false,
    rateLimits: { signIn: 10_000, signUp: 10_000, recover: 10_000, emailSent: 10_000 },
    functionSecrets: { PROVIDER_KEYS_SECRET: E2E_PROVIDER_KEYS_SECRET, AI_BASE_URLS },
    authEncryptionKey: 'e2e-auth-db-encryption-key',
    // Scheduled workflows run only when a spec asks for ticks (LOCAL_SCHEDULER_INTERVAL_MS, e.g. 1000).
    schedulerIntervalMs: Number(process.env.LOCAL_SCHEDULER_INTERVAL_MS ?? 0),
    google: {
      clientId: 'e2e-client',
      secret: 'e2e-secret',
      authorizeUrl: `${google.url}/authorize`,
      tokenUrl: `${google.url}/token`,
      userinfoUrl: `${google.url}/userinfo`,
    },
  },
});
// Schedules are on for the dashboard here: the specs are the scheduler (they call
// run-scheduled-workflows, or set LOCAL_SCHEDULER_INTERVAL_MS), so the Schedule card offers them.
await declareLocalScheduler(stack.db, true);
console.log(`e2e stack on ${stack.url}, fake Google on ${google.url}, AI fakes ${AI_BASE_URLS}`);

const stop = async () => {
  await Promise.allSettled([stack.stop(), google.close(), ai.close(), pages.close(), stripe.close(), search.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
