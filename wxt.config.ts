import { defineConfig } from 'wxt';
import { DEFAULT_SUPABASE_URL } from './shared/core/config.ts';
import { CHROME_EXTENSION_KEY, FIREFOX_EXTENSION_ID } from './extension/lib/extensionIdentity.ts';
import { TOGGLE_PANEL_COMMAND } from './extension/lib/panelControl.ts';

/** Where the extension may call without asking: the backend and the AI providers it supports. */
const AI_PROVIDER_HOSTS = [
  'https://api.openai.com/*',
  'https://generativelanguage.googleapis.com/*',
  'https://api.anthropic.com/*',
  'https://api.cohere.ai/*',
  'https://api.cohere.com/*',
  'https://api.ai21.com/*',
  'https://router.huggingface.co/*',
  'https://huggingface.co/*',
];

const originPattern = (url: string) => `${new URL(url).origin}/*`;

/**
 * Development and tests (WXT_AI_BASE_URLS, never in a store package): the local fakes stand in for
 * the providers' hosts, so they get the same host permission the real hosts have.
 */
function developmentAiHosts(): string[] {
  const value = process.env.WXT_AI_BASE_URLS?.trim();
  if (!value) return [];
  const urls = Object.values(JSON.parse(value) as Record<string, string>);
  return [...new Set(urls.map(originPattern))];
}

// `npm run zip` (scripts/zip.ts) sets this: a package for the stores, not an unpacked build.
const isStorePackage = process.env.AI_VAULT_STORE_PACKAGE === '1';

/**
 * The browser extension build: entrypoints/ (with extension/, the code only the extension uses) →
 * .output/chrome-mv3 (and .output/firefox-mv2).
 *
 * The Supabase URL/anon key are read at build time from `WXT_SUPABASE_URL` /
 * `WXT_SUPABASE_ANON_KEY` (see shared/core/config.ts for the defaults).
 */
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  // E2E runs build into their own folder (several runs may share a machine).
  outDir: process.env.WXT_OUT_DIR || '.output',
  modules: ['@wxt-dev/module-react'],
  // `wxt` (dev mode) only builds and serves .output/chrome-mv3-dev: load it as an unpacked
  // extension. It does not try to launch a browser (none may be installed, or no display).
  webExt: { disabled: true },
  // The Firefox sources package holds what builds the extension and nothing else (reviewers rebuild it).
  zip: {
    includeSources: [
      'entrypoints/**',
      'extension/**',
      'shared/**',
      'public/**',
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
      'tsconfig.json',
      'README.md',
    ],
  },
  // Explicit imports everywhere (`wxt/browser`, `wxt/utils/define-*`): no generated globals.
  imports: false,
  manifest: ({ browser }) => {
    const isFirefox = browser === 'firefox';
    // activeTab + scripting: the page is read only when the user acts on it; identity: Google sign-in.
    const permissions = ['storage', 'activeTab', 'contextMenus', 'scripting', 'tabs', 'identity'];
    // Chrome's side panel API needs the permission; Firefox uses sidebar_action (no permission).
    if (!isFirefox) permissions.splice(1, 0, 'sidePanel');
    return {
      name: 'AI Vault',
      description: 'AI Vault: bring-your-own-key AI toolkit for marketers and creators. Run saved prompts and build offers from any page.',
      permissions,
      host_permissions: [
        originPattern(process.env.WXT_SUPABASE_URL || DEFAULT_SUPABASE_URL),
        ...AI_PROVIDER_HOSTS,
        ...developmentAiHosts(),
      ],
      // Asked for at run time: a custom OpenAI-compatible server (Ollama on localhost) and, if the
      // user wants the side panel to follow every tab, reading pages without a click.
      // (Firefox's MV2 manifest has no optional_host_permissions: origins go in optional_permissions.)
      ...(isFirefox ? { optional_permissions: ['<all_urls>'] } : { optional_host_permissions: ['<all_urls>'] }),
      action: { default_title: 'AI Vault' },
      // One shortcut opens and closes the panel: Chrome sends our command to the background (which
      // toggles sidePanel); Firefox's built-in _execute_sidebar_action toggles its sidebar itself.
      commands: {
        [isFirefox ? '_execute_sidebar_action' : TOGGLE_PANEL_COMMAND]: {
          suggested_key: { default: 'Alt+Shift+Y' },
          description: 'Open or close the AI Vault side panel',
        },
      },
      // No inline or remote code in extension pages.
      content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'; base-uri 'none'; frame-ancestors 'none'" },
      // icons: discovered by WXT from public/icon/<size>.png.
      ...(isFirefox
        ? {
            browser_specific_settings: {
              gecko: {
                id: FIREFOX_EXTENSION_ID,
                // The first releases that read data_collection_permissions (desktop, Android).
                strict_min_version: '140.0',
                // The signed-in session goes to Supabase; page text the user runs a prompt on goes
                // to the user's own AI provider.
                data_collection_permissions: { required: ['authenticationInfo', 'websiteContent'] },
              },
              gecko_android: { strict_min_version: '142.0' },
            },
          }
        : // A fixed key gives every unpacked build one id, the one the auth server's redirect list names.
          // The Chrome Web Store refuses a key in an upload: the store's id takes its place.
          isStorePackage
          ? {}
          : { key: CHROME_EXTENSION_KEY }),
    };
  },
});
