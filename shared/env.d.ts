/// <reference types="vite/client" />

/** Build-time env of both front ends (dashboard: VITE_*; extension: WXT_* and VITE_*). */
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_MARKETPLACE_URL?: string;
  readonly VITE_FEEDBACK_URL?: string;
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_MARKETPLACE_HOST_PREFIX?: string;
  readonly VITE_FEEDBACK_HOST_PREFIX?: string;
  readonly VITE_MAIN_SITE_URL?: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  /** The dashboard's release, named in error reports (set by web/vite.config.ts). */
  readonly VITE_RELEASE?: string;
  /** Development and tests: AI providers at other base URLs, as JSON provider → URL (the local fakes). */
  readonly VITE_AI_BASE_URLS?: string;
  readonly WXT_AI_BASE_URLS?: string;
  readonly WXT_SUPABASE_URL?: string;
  readonly WXT_SUPABASE_ANON_KEY?: string;
  readonly WXT_DASHBOARD_URL?: string;
  readonly WXT_DASHBOARD_URLS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
