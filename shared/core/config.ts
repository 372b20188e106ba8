/**
 * Build-time configuration defaults. Pure: each front end reads its own env
 * (`VITE_*` in the dashboard, `WXT_*` in the extension) and falls back to these.
 */

/** The local stack (same URL as `supabase start`). */
export const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321';

/** The Supabase CLI's public demo anon key (the local stack accepts it). */
export const DEFAULT_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Where the dashboard runs in development (`vite --config web/vite.config.ts`). */
export const DEFAULT_DASHBOARD_URL = 'http://127.0.0.1:5173';

/** External sites linked from the landing page; overridable per build. */
export const DEFAULT_MARKETPLACE_URL = 'https://marketplace.aivault.app';
export const DEFAULT_FEEDBACK_URL = 'https://feedback.aivault.app';

/** Returns the trimmed value, or the fallback when the value is missing or blank. */
export function envOr(value: string | undefined | null, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

/** Joins a base URL and an absolute path without doubling or dropping the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Development and tests: each AI provider's service at another base URL (the local fakes), from a
 * JSON object such as `{"openai":"http://127.0.0.1:4403/v1","gemini":"http://127.0.0.1:4404/v1beta"}`.
 * Unknown providers, non-http(s) URLs and a value that is not such an object are ignored: a
 * production build without it calls every provider at its own address.
 */
export function parseAiBaseUrls(value: string | undefined | null, providers: readonly string[]): Record<string, string> | null {
  if (!value?.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed as Record<string, unknown>).filter(
    (entry): entry is [string, string] => providers.includes(entry[0]) && typeof entry[1] === 'string' && /^https?:\/\//.test(entry[1]),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
