import {
  DEFAULT_FEEDBACK_URL,
  DEFAULT_MARKETPLACE_URL,
  DEFAULT_SUPABASE_ANON_KEY,
  DEFAULT_SUPABASE_URL,
  envOr,
} from '@/shared/core/config.ts';
import { DEFAULT_HOST_PREFIXES } from '@/shared/core/hosts.ts';

const optionalEnv = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Dashboard build config, from `VITE_*` env vars (read by Vite at build time). */
export const webConfig = {
  supabaseUrl: envOr(import.meta.env.VITE_SUPABASE_URL, DEFAULT_SUPABASE_URL),
  supabaseAnonKey: envOr(import.meta.env.VITE_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_ANON_KEY),
  marketplaceUrl: envOr(import.meta.env.VITE_MARKETPLACE_URL, DEFAULT_MARKETPLACE_URL),
  feedbackUrl: envOr(import.meta.env.VITE_FEEDBACK_URL, DEFAULT_FEEDBACK_URL),
  /** The shell's brand label; blank means the default brand. */
  companyName: import.meta.env.VITE_COMPANY_NAME?.trim() ?? '',
  /** Host prefixes of the marketplace and feedback apps. */
  marketplaceHostPrefix: envOr(import.meta.env.VITE_MARKETPLACE_HOST_PREFIX, DEFAULT_HOST_PREFIXES.marketplace),
  feedbackHostPrefix: envOr(import.meta.env.VITE_FEEDBACK_HOST_PREFIX, DEFAULT_HOST_PREFIXES.feedback),
  /** Where the feedback host sends visitors to sign in; unset: its own origin without the prefix. */
  mainSiteUrl: import.meta.env.VITE_MAIN_SITE_URL?.trim() || null,
  /** The feedback host the main site may send signed-in visitors back to; unset: the prefix before this site's host. */
  feedbackHostUrl: optionalEnv(import.meta.env.VITE_FEEDBACK_HOST_URL as unknown),
  /** Development and tests only: AI providers at other base URLs (JSON: provider → URL; the local fakes). */
  aiBaseUrls: import.meta.env.VITE_AI_BASE_URLS?.trim() || null,
  /** This build's release (package version, or VITE_RELEASE): named in error reports. */
  release: envOr(import.meta.env.VITE_RELEASE, 'dev'),
  /** Stripe's publishable key; unset means payments are not configured. */
  stripePublishableKey: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY?.trim() ?? '',
} as const;
