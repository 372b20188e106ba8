import { defineConfig } from 'wxt';

/**
 * The browser extension build: entrypoints/ → .output/chrome-mv3 (and .output/firefox-mv2).
 *
 * The Supabase URL/anon key are read at build time from `WXT_SUPABASE_URL` /
 * `WXT_SUPABASE_ANON_KEY` (see shared/config.ts for the defaults).
 */
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  modules: ['@wxt-dev/module-react'],
  // `wxt` (dev mode) only builds and serves .output/chrome-mv3-dev: load it as an unpacked
  // extension. It does not try to launch a browser (none may be installed, or no display).
  webExt: { disabled: true },
  // Explicit imports everywhere (`wxt/browser`, `wxt/utils/define-*`): no generated globals.
  imports: false,
  manifest: ({ browser }) => {
    const isFirefox = browser === 'firefox';
    const permissions = ['storage', 'activeTab', 'contextMenus', 'scripting', 'tabs'];
    // Chrome's side panel API needs the permission; Firefox uses sidebar_action (no permission).
    if (!isFirefox) permissions.splice(1, 0, 'sidePanel');
    return {
      name: 'AI Vault',
      description:
        'AI Vault: bring-your-own-key AI toolkit for marketers and creators. Run saved prompts and build offers from any page.',
      permissions,
      host_permissions: ['http://127.0.0.1:54321/*', 'https://*.supabase.co/*'],
      action: { default_title: 'AI Vault' },
      // icons: discovered by WXT from public/icon/<size>.png.
      ...(isFirefox
        ? {
            browser_specific_settings: {
              gecko: {
                id: 'ai-vault@example.com',
                strict_min_version: '109.0',
                // The signed-in session goes to Supabase; page text the user runs a prompt on goes
                // to the user's own AI provider.
                data_collection_permissions: { required: ['authenticationInfo', 'websiteContent'] },
              },
            },
          }
        : {}),
    };
  },
});
