import { readFileSync } from 'node:fs';

/**
 * Defaults match `supabase start` (Supabase CLI) so anyone used to the CLI feels at home:
 * same URL, JWT secret and demo anon/service_role keys. Every value can be overridden by env.
 */
export const DEFAULT_PORT = 54321;
const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * `[auth] additional_redirect_urls` of a Supabase CLI config.toml: the redirect targets allowed
 * besides SITE_URL (GoTrue URI_ALLOW_LIST), as `supabase start` reads them. [] when the file or the
 * key is missing.
 */
export function redirectUrlsFromConfigToml(toml: string): string[] {
  const auth = toml.split(/^\[/m).find((section) => /^auth\]/.test(section)) ?? '';
  const list = /^additional_redirect_urls\s*=\s*\[([^\]]*)\]/m.exec(auth)?.[1] ?? '';
  return [...list.replace(/#.*$/gm, '').matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
}

function readConfigToml(): string {
  try {
    return readFileSync(new URL('../config.toml', import.meta.url), 'utf8');
  } catch {
    return '';
  }
}

/** The redirect allow-list when ADDITIONAL_REDIRECT_URLS is unset: supabase/config.toml's, as the CLI. */
export const DEFAULT_ADDITIONAL_REDIRECT_URLS: readonly string[] = redirectUrlsFromConfigToml(readConfigToml());

export interface StackConfig {
  /** Port to listen on; 0 picks a free one (tests). */
  port: number;
  host: string;
  /** Public base URL of the stack, e.g. http://127.0.0.1:54321 (used in mail links and OAuth redirects). */
  publicUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Where the app lives; default redirect target for auth links (GoTrue SITE_URL). */
  siteUrl: string;
  /** Extra allowed redirect URLs (GoTrue URI_ALLOW_LIST); '*' patterns allowed. */
  additionalRedirectUrls: string[];
  /** Access-token lifetime in seconds (GoTrue JWT_EXP). */
  jwtExpiry: number;
  /** GoTrue MAILER_AUTOCONFIRM inverted: sign-ups need e-mail confirmation. */
  enableConfirmations: boolean;
  /** Google OAuth; the provider is "not enabled" unless both are set. */
  google: { clientId: string; secret: string; authorizeUrl: string; tokenUrl: string; userinfoUrl: string } | null;
  /**
   * Rate limits like GoTrue's defaults; tests may raise them. Per hour and client IP, except
   * emailSent (project-wide), verify (per 5 minutes; default 30) and failedSignInsPerAccount
   * (failed password sign-ins per account and hour, from any IP; default 20).
   */
  rateLimits: { signIn: number; signUp: number; recover: number; emailSent: number; verify?: number; failedSignInsPerAccount?: number };
  /**
   * Addresses of reverse proxies in front of the stack. Only a request arriving from one of them may
   * name its client in X-Forwarded-For; anyone else could forge the header to dodge the limits.
   */
  trustedProxies: string[];
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Log each request (method, path, status, ms). */
  logRequests: boolean;
  /** Directory with Edge Function folders (supabase/functions). */
  functionsDir: string;
  /**
   * What runs the Edge Functions: 'node' imports their handlers into this process (fast to start);
   * 'deno' serves each from its index.ts on Deno, as hosted Supabase does. FUNCTIONS_RUNTIME, default node.
   */
  functionsRuntime: 'node' | 'deno';
  /**
   * Secrets the Edge Functions read from their environment (`supabase secrets set` on hosted
   * Supabase), e.g. PROVIDER_KEYS_SECRET. Kept out of the database by design.
   */
  functionSecrets: Record<string, string>;
  /**
   * Encrypts TOTP secrets at rest (GoTrue's DB encryption): AUTH_DB_ENCRYPTION_KEY, or made once
   * into .data/secrets by `npm run stack`. Null stores them as they are.
   */
  authEncryptionKey: string | null;
  /**
   * How often the local scheduler calls run-scheduled-workflows (pg_cron does it every minute on
   * hosted Supabase), in milliseconds: LOCAL_SCHEDULER_INTERVAL_MS, default 60000; 0 turns it off.
   */
  schedulerIntervalMs: number;
  /** Where Storage keeps object bytes (one file per object under <dir>/<bucket>/): STORAGE_DIR, default .data/storage beside PGlite's .data/pglite. */
  storageDir: string;
  /** Largest upload Storage accepts, in bytes (storage-api FILE_SIZE_LIMIT): STORAGE_FILE_SIZE_LIMIT, default 50 MB. */
  storageFileSizeLimit: number;
  /**
   * Aggregate functions in /rest/v1 selects (`amount.sum()`, `count()`; PostgREST's db-aggregates-enabled):
   * PGRST_DB_AGGREGATES_ENABLED, default off as on hosted Supabase (enabled there per project with
   * `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`).
   */
  restAggregates: boolean;
  /** Schemas /rest/v1 exposes, the first is the default (PostgREST db-schemas): PGRST_DB_SCHEMAS, default "public,graphql_public" as hosted. */
  restSchemas: string[];
}

/** What the functions may be given from the stack's environment. */
const FUNCTION_ENV = [
  'PROVIDER_KEYS_SECRET',
  'AI_BASE_URLS',
  'RESEND_API_KEY',
  'MAIL_FROM',
  'CUSTOM_AI_ALLOW_PRIVATE',
  'FETCH_URL_ALLOW_PRIVATE',
  'WORKFLOW_WALL_CLOCK_SECONDS',
  'WORKFLOW_LEASE_SECONDS',
] as const;

const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

/** A non-negative whole number of milliseconds; the default for anything else. */
function schedulerInterval(value: string | undefined): number {
  const ms = Number(value ?? 60_000);
  return Number.isInteger(ms) && ms >= 0 ? ms : 60_000;
}

export function loadConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  const port = overrides.port ?? Number(env('STACK_PORT') ?? DEFAULT_PORT);
  const host = overrides.host ?? env('STACK_HOST') ?? '127.0.0.1';
  const googleId = env('GOOGLE_CLIENT_ID');
  const googleSecret = env('GOOGLE_CLIENT_SECRET');
  return {
    port,
    host,
    publicUrl: env('API_EXTERNAL_URL') ?? `http://${host}:${port}`,
    jwtSecret: env('JWT_SECRET') ?? DEFAULT_JWT_SECRET,
    anonKey: env('ANON_KEY') ?? DEFAULT_ANON_KEY,
    serviceRoleKey: env('SERVICE_ROLE_KEY') ?? DEFAULT_SERVICE_ROLE_KEY,
    siteUrl: env('SITE_URL') ?? 'http://127.0.0.1:5173',
    additionalRedirectUrls: (env('ADDITIONAL_REDIRECT_URLS') ?? DEFAULT_ADDITIONAL_REDIRECT_URLS.join(','))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jwtExpiry: Number(env('JWT_EXPIRY') ?? 3600),
    enableConfirmations: (env('ENABLE_EMAIL_CONFIRMATIONS') ?? 'true') !== 'false',
    google:
      googleId && googleSecret
        ? {
            clientId: googleId,
            secret: googleSecret,
            authorizeUrl: env('GOOGLE_AUTHORIZE_URL') ?? 'https://accounts.google.com/o/oauth2/v2/auth',
            tokenUrl: env('GOOGLE_TOKEN_URL') ?? 'https://oauth2.googleapis.com/token',
            userinfoUrl: env('GOOGLE_USERINFO_URL') ?? 'https://openidconnect.googleapis.com/v1/userinfo',
          }
        : null,
    rateLimits: { signIn: 30, signUp: 30, recover: 30, emailSent: 30 },
    trustedProxies: (env('TRUSTED_PROXIES') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    maxBodyBytes: 1024 * 1024,
    logRequests: true,
    functionsDir: new URL('../functions/', import.meta.url).pathname,
    functionsRuntime: env('FUNCTIONS_RUNTIME') === 'deno' ? 'deno' : 'node',
    functionSecrets: Object.fromEntries(FUNCTION_ENV.flatMap((name) => (env(name) ? [[name, env(name)!]] : []))),
    authEncryptionKey: env('AUTH_DB_ENCRYPTION_KEY') ?? null,
    schedulerIntervalMs: schedulerInterval(env('LOCAL_SCHEDULER_INTERVAL_MS')),
    storageFileSizeLimit: Number(env('STORAGE_FILE_SIZE_LIMIT') ?? 50 * 1024 * 1024),
    storageDir: env('STORAGE_DIR') ?? new URL('../../.data/storage', import.meta.url).pathname,
    restAggregates: env('PGRST_DB_AGGREGATES_ENABLED') === 'true',
    restSchemas: (env('PGRST_DB_SCHEMAS') ?? 'public,graphql_public')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ...overrides,
  };
}
