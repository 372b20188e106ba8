import {
  DEFAULT_FEEDBACK_URL,
  DEFAULT_MARKETPLACE_URL,
  DEFAULT_SUPABASE_ANON_KEY,
  DEFAULT_SUPABASE_URL,
  envOr,
} from '../../shared/core/config.ts';

/** Dashboard build config, from `VITE_*` env vars (read by Vite at build time). */
export const webConfig = {
  supabaseUrl: envOr(import.meta.env.VITE_SUPABASE_URL, DEFAULT_SUPABASE_URL),
  supabaseAnonKey: envOr(import.meta.env.VITE_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_ANON_KEY),
  marketplaceUrl: envOr(import.meta.env.VITE_MARKETPLACE_URL, DEFAULT_MARKETPLACE_URL),
  feedbackUrl: envOr(import.meta.env.VITE_FEEDBACK_URL, DEFAULT_FEEDBACK_URL),
} as const;
