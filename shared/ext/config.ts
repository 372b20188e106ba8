import { DEFAULT_DASHBOARD_URL, DEFAULT_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_URL, envOr } from '../core/config.ts';
import { setAiDefaults } from '../ai/settings.ts';

/** Extension build config, from `WXT_*` env vars (read by Vite at build time). */
export const extensionConfig = {
  supabaseUrl: envOr(import.meta.env.WXT_SUPABASE_URL, DEFAULT_SUPABASE_URL),
  supabaseAnonKey: envOr(import.meta.env.WXT_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_ANON_KEY),
  dashboardUrl: envOr(import.meta.env.WXT_DASHBOARD_URL, DEFAULT_DASHBOARD_URL),
  /** Every dashboard origin allowed to hand the extension a session (comma-separated URLs). */
  dashboardUrls: envOr(import.meta.env.WXT_DASHBOARD_URLS, envOr(import.meta.env.WXT_DASHBOARD_URL, DEFAULT_DASHBOARD_URL)),
} as const;

// Every extension context reads this module: AI calls made there go to the development override, if built with one.
setAiDefaults({ baseUrlOverride: import.meta.env.WXT_AI_BASE_URL?.trim() || null });
