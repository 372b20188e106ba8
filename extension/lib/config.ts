import { DEFAULT_DASHBOARD_URL, DEFAULT_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_URL } from '@/shared/core/config.ts';
import { aiBaseUrlsFrom } from '@/shared/ai/baseUrls.ts';
import { setAiDefaults } from '@/shared/ai/settings.ts';

/**
 * Extension build config, from `WXT_*` env vars (read by Vite at build time). Written as
 * `value || default` so that a build given the value folds the local stack's defaults away (store
 * packages carry no development address or demo key).
 */
const dashboardUrl = (import.meta.env.WXT_DASHBOARD_URL || DEFAULT_DASHBOARD_URL).trim();
export const extensionConfig = {
  supabaseUrl: (import.meta.env.WXT_SUPABASE_URL || DEFAULT_SUPABASE_URL).trim(),
  supabaseAnonKey: (import.meta.env.WXT_SUPABASE_ANON_KEY || DEFAULT_SUPABASE_ANON_KEY).trim(),
  dashboardUrl,
  /** Every dashboard origin allowed to hand the extension a session (comma-separated URLs). */
  dashboardUrls: import.meta.env.WXT_DASHBOARD_URLS?.trim() || dashboardUrl,
} as const;

// Every extension context reads this module: an extension page calls every provider directly (host
// permissions), at the development overrides if built with them.
setAiDefaults({ surface: 'extension', baseUrls: aiBaseUrlsFrom(import.meta.env.WXT_AI_BASE_URLS) });
