import type { ChildProcess } from 'node:child_process';
import { DEFAULT_ANON_KEY, DEFAULT_PORT } from '../supabase/local/config.ts';
import { startFakeGoogle } from '../tests/fixtures/fake-google.ts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from '../tests/fixtures/fake-stripe.ts';
import { FAKE_PRICE_PRO, FAKE_PRICE_TEAM } from '../tests/fixtures/fake-stripe-billing.ts';
import { FAKE_AI_KINDS, startFakeAiServices } from '../tests/fixtures/fake-ai-services.ts';
import { readStamp, sourcesFingerprint, writeStamp } from './lib/fingerprint.ts';
import { bin, root, run, startService, waitForHttp } from './lib/proc.ts';

/**
 * `npm start`: the local Supabase-compatible stack on :54321, the dashboard's production build
 * served on :5173 and the extension built into .output/chrome-mv3, all pointed at the local stack.
 * Both builds are reused while their sources and settings are unchanged. Ctrl-C stops it all.
 * `npm run dev`: the same with the Vite dev server (hot reload) and the extension rebuilt on every
 * change (wxt dev mode).
 * Set SUPABASE_URL / SUPABASE_ANON_KEY to use a hosted project instead (no local stack then).
 * `--fake-google` (or FAKE_GOOGLE=1) adds a local stand-in for Google sign-in on :54329, wired
 * into the local stack, so "Continue with Google" can be tried without Google credentials.
 * `--fake-stripe` (or FAKE_STRIPE=1) adds a local stand-in for Stripe on :54331 (a test checkout
 * page with Pay and Cancel, signed webhooks back to the stack), so the purchase flow can be tried.
 * Real Stripe: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and VITE_STRIPE_PUBLISHABLE_KEY.
 * `--fake-ai` (or FAKE_AI=1) starts the fake AI provider on :54330 and builds the dashboard and the
 * extension with every provider pointed at it: every AI feature works with any key (sk-…).
 */
const dev = process.argv.includes('--dev');
const fakeGoogle = process.argv.includes('--fake-google') || process.env.FAKE_GOOGLE === '1';
const fakeStripe = process.argv.includes('--fake-stripe') || process.env.FAKE_STRIPE === '1';
const fakeAi = process.argv.includes('--fake-ai') || process.env.FAKE_AI === '1';
const hosted = Boolean(process.env.SUPABASE_URL);
const supabaseUrl = process.env.SUPABASE_URL ?? `http://127.0.0.1:${process.env.STACK_PORT ?? DEFAULT_PORT}`;
const anonKey = process.env.SUPABASE_ANON_KEY ?? DEFAULT_ANON_KEY;
const frontEnv: Record<string, string> = {
  VITE_SUPABASE_URL: supabaseUrl,
  VITE_SUPABASE_ANON_KEY: anonKey,
  WXT_SUPABASE_URL: supabaseUrl,
  WXT_SUPABASE_ANON_KEY: anonKey,
};

if (fakeAi) {
  // Every AI service as a local fake, one port each from FAKE_AI_PORT (54330) up; any key works,
  // except ones containing "bad" (to try the error path).
  const first = Number(process.env.FAKE_AI_PORT ?? 54330);
  const ai = await startFakeAiServices({
    ports: Object.fromEntries(FAKE_AI_KINDS.map((kind, i) => [kind, first + i])),
    acceptKey: (key) => !key.includes('bad'),
  });
  frontEnv.VITE_AI_BASE_URLS = ai.baseUrlsJson;
  frontEnv.WXT_AI_BASE_URLS = ai.baseUrlsJson;
  console.log(
    `Fake AI services on ports ${first}–${first + FAKE_AI_KINDS.length - 1} (Ollama as a custom base URL: ${ai.fakes.ollama.baseURL}): save any key in Settings (e.g. sk-test-1234567890abcdef); type [[fake:429]], [[fake:timeout]] … in a prompt to try the error paths`,
  );
}

const children: ChildProcess[] = [];
let stopping = false;
function stopAll(code = 0): void {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  for (const child of children) child.kill('SIGTERM');
  // Give the stack time to flush its database before we exit.
  const timer = setTimeout(() => process.exit(code), 8000);
  // Never rejects (it waits for exit events); the timer above is the fallback exit.
  void Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r))))).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
process.on('SIGINT', () => stopAll());
process.on('SIGTERM', () => stopAll());

function watch(child: ChildProcess, name: string): ChildProcess {
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`\n✖ ${name} exited (code ${code}); stopping everything.`);
      stopAll(1);
    }
  });
  return child;
}

if (!hosted) {
  let googleEnv = {};
  if (fakeGoogle) {
    const google = await startFakeGoogle(Number(process.env.FAKE_GOOGLE_PORT ?? 54329));
    googleEnv = {
      GOOGLE_CLIENT_ID: 'local-fake-google',
      GOOGLE_CLIENT_SECRET: 'local-fake-google',
      GOOGLE_AUTHORIZE_URL: `${google.url}/authorize`,
      GOOGLE_TOKEN_URL: `${google.url}/token`,
      GOOGLE_USERINFO_URL: `${google.url}/userinfo`,
    };
    console.log(`Fake Google sign-in on ${google.url} (any e-mail you type there signs in)`);
  }
  let stripeEnv = {};
  if (fakeStripe) {
    const stripe = await startFakeStripe({
      port: Number(process.env.FAKE_STRIPE_PORT ?? 54331),
      webhookUrl: `${supabaseUrl}/functions/v1/stripe-webhook`,
    });
    stripeEnv = {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICE_PRO: FAKE_PRICE_PRO,
      STRIPE_PRICE_TEAM: FAKE_PRICE_TEAM,
    };
    frontEnv.VITE_STRIPE_PUBLISHABLE_KEY = 'pk_test_local_fake';
    console.log(
      `Fake Stripe on ${stripe.url} (its checkout page has Pay and Cancel buttons; any price id starting with price_ sells for $19.99)`,
    );
  }
  // With the fake AI services, the stack's functions (server-side documents, workflows) call them too.
  // A developer's own machine: the functions may call a custom AI server on it (a local Ollama).
  const aiEnv = { CUSTOM_AI_ALLOW_PRIVATE: 'true', ...(frontEnv.VITE_AI_BASE_URLS ? { AI_BASE_URLS: frontEnv.VITE_AI_BASE_URLS } : {}) };
  watch(
    startService('stack', process.execPath, ['--import', 'tsx', 'scripts/stack.ts'], { ...googleEnv, ...stripeEnv, ...aiEnv }),
    'local stack',
  );
  await waitForHttp(`${supabaseUrl}/health`, 120_000);
}

/**
 * Runs a production build unless the last one was made from the same sources and settings. The
 * fingerprint is kept inside the output folder, so any other build (which empties it) forces one.
 * Returns false when the build failed.
 */
async function buildIfChanged(name: string, stamp: string, sources: string[], build: () => Promise<number>): Promise<boolean> {
  const baked = Object.fromEntries(Object.entries(process.env).filter(([key]) => /^(VITE|WXT)_/.test(key))) as Record<string, string>;
  const fingerprint = await sourcesFingerprint(root, sources, { ...baked, ...frontEnv });
  if ((await readStamp(stamp)) === fingerprint) {
    console.log(`${name}: unchanged since the last build, reusing it`);
    return true;
  }
  console.log(`${name}: building…`);
  if ((await build()) !== 0) return false;
  await writeStamp(stamp, fingerprint);
  return true;
}

const COMMON_SOURCES = ['shared', 'public', 'package-lock.json', 'tsconfig.json', '.env', '.env.local', '.env.production'];
if (dev) {
  watch(startService('extension', bin('wxt'), [], frontEnv), 'extension dev build');
  watch(startService('dashboard', bin('vite'), ['--config', 'web/vite.config.ts'], frontEnv), 'dashboard');
} else {
  const extensionBuilt = await buildIfChanged(
    'extension',
    `${root}.output/chrome-mv3/.sources-fingerprint`,
    ['entrypoints', 'extension', 'wxt.config.ts', ...COMMON_SOURCES],
    () => run(bin('wxt'), ['build'], frontEnv),
  );
  const dashboardBuilt = await buildIfChanged('dashboard', `${root}dist/web/.sources-fingerprint`, ['web', ...COMMON_SOURCES], () =>
    run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], frontEnv),
  );
  if (!extensionBuilt || !dashboardBuilt) {
    console.error(`✖ ${extensionBuilt ? 'dashboard' : 'extension'} build failed`);
    stopAll(1);
  } else
    watch(
      startService('dashboard', bin('vite'), ['preview', '--config', 'web/vite.config.ts', '--port', '5173', '--strictPort'], frontEnv),
      'dashboard',
    );
}
await waitForHttp('http://127.0.0.1:5173/', 60_000);

console.log(`
AI Vault is running${hosted ? ' against your hosted Supabase project' : ''}:
  Dashboard       http://127.0.0.1:5173
  Supabase API    ${supabaseUrl}${
    hosted
      ? ''
      : `   (REST /rest/v1, Auth /auth/v1, Functions /functions/v1)
  Local mailbox   ${supabaseUrl}/mail   (confirmation and password-reset mails land here)`
  }
  Extension       .output/chrome-mv3 — load it unpacked at chrome://extensions (Developer mode → Load unpacked)${dev ? ' (rebuilt on change)' : ''}
Press Ctrl-C to stop everything.
`);
