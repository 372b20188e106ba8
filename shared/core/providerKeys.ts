/**
 * The AI provider keys a user keeps:
 * provider ids and labels, the key format checks, masking, the optional OpenAI-compatible base
 * URL, and the key notices. Pure: no browser, React or Supabase.
 *
 * Format checks (researched from each provider's docs and public key scanners):
 * - OpenAI: valid only if it starts with `sk-` (the one rule the original product had).
 * - Anthropic: keys start with `sk-ant-` (`sk-ant-api03-…`, admin keys `sk-ant-admin01-…`).
 * - Hugging Face: user access tokens start with `hf_`.
 * - Gemini: no reliable prefix any more — AI Studio keys were `AIza…` (39 characters) and new
 *   ones are `AQ.…` (others report `IQ.…`), so only length and charset are checked.
 * - Cohere, AI21: neither documents a key shape, so only length and charset are checked.
 * - Custom ChatGPT: the key for the custom OpenAI-compatible base URL (or OpenAI when none is set);
 *   local servers (Ollama, LM Studio) take any key, so any printable key without spaces is fine.
 */

export const PROVIDER_IDS = ['openai', 'gemini', 'anthropic', 'cohere', 'ai21', 'huggingface', 'chatgpt_custom'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Whether a stored or typed value names one of the providers. */
export const isProviderId = (value: unknown): value is ProviderId => (PROVIDER_IDS as readonly unknown[]).includes(value);

/** The user_api_keys column (and the local-storage item name) of each provider's key. */
export const PROVIDER_KEY_COLUMNS = {
  openai: 'openai_api_key',
  gemini: 'gemini_api_key',
  anthropic: 'anthropic_api_key',
  cohere: 'cohere_api_key',
  ai21: 'ai21_api_key',
  huggingface: 'huggingface_api_key',
  chatgpt_custom: 'chatgpt_api_key',
} as const satisfies Record<ProviderId, string>;
export type ProviderKeyColumn = (typeof PROVIDER_KEY_COLUMNS)[ProviderId];

/** The column / local-storage item of the custom OpenAI-compatible base URL. */
export const CUSTOM_BASE_URL_COLUMN = 'custom_base_url';

export interface ProviderKeyInfo {
  id: ProviderId;
  /** The name in notices and labels ('OpenAI API Key Saved'). */
  label: string;
  /** What the field's helper text says about the format. */
  formatHint: string;
  placeholder: string;
  /** Where the user gets a key. */
  keysUrl: string;
  /** The visible start kept when the key is masked (the known prefix, if any). */
  maskPrefix: (key: string) => string;
  isValid: (key: string) => boolean;
}

const charset = (min: number, max: number, chars = 'A-Za-z0-9_\\-') => new RegExp(`^[${chars}]{${min},${max}}$`);
const URL_SAFE_KEY = charset(20, 200, 'A-Za-z0-9_.\\-');
const TOKEN_KEY = charset(20, 200);
const NO_SPACES = /^[\x21-\x7e]{1,512}$/;
const prefixOf = (key: string, prefixes: string[]) => prefixes.find((p) => key.startsWith(p)) ?? '';

export const PROVIDER_KEYS: Record<ProviderId, ProviderKeyInfo> = {
  openai: {
    id: 'openai',
    label: 'OpenAI',
    formatHint: 'Starts with sk-',
    placeholder: 'sk-…',
    keysUrl: 'https://platform.openai.com/api-keys',
    maskPrefix: () => 'sk-',
    // Valid only if it starts with sk-.
    isValid: (key) => key.startsWith('sk-'),
  },
  gemini: {
    id: 'gemini',
    label: 'Gemini',
    formatHint: 'From Google AI Studio (AIza… or AQ.…)',
    placeholder: 'AIza… or AQ.…',
    keysUrl: 'https://aistudio.google.com/apikey',
    maskPrefix: (key) => prefixOf(key, ['AIza', 'AQ.', 'IQ.']),
    isValid: (key) => URL_SAFE_KEY.test(key),
  },
  anthropic: {
    id: 'anthropic',
    label: 'Anthropic',
    formatHint: 'Starts with sk-ant-',
    placeholder: 'sk-ant-…',
    keysUrl: 'https://console.anthropic.com/settings/keys',
    maskPrefix: () => 'sk-ant-',
    isValid: (key) => /^sk-ant-[A-Za-z0-9_-]{20,}$/.test(key),
  },
  cohere: {
    id: 'cohere',
    label: 'Cohere',
    formatHint: 'Letters and digits, usually 40 characters',
    placeholder: 'Cohere API key',
    keysUrl: 'https://dashboard.cohere.com/api-keys',
    maskPrefix: () => '',
    isValid: (key) => TOKEN_KEY.test(key),
  },
  ai21: {
    id: 'ai21',
    label: 'AI21',
    formatHint: 'Letters, digits and dashes',
    placeholder: 'AI21 API key',
    keysUrl: 'https://studio.ai21.com/account/api-key',
    maskPrefix: () => '',
    isValid: (key) => TOKEN_KEY.test(key),
  },
  huggingface: {
    id: 'huggingface',
    label: 'Hugging Face',
    formatHint: 'Access token starting with hf_',
    placeholder: 'hf_…',
    keysUrl: 'https://huggingface.co/settings/tokens',
    maskPrefix: () => 'hf_',
    isValid: (key) => /^hf_[A-Za-z0-9]{20,}$/.test(key),
  },
  chatgpt_custom: {
    id: 'chatgpt_custom',
    label: 'Custom ChatGPT',
    formatHint: 'Key for the base URL above; optional for Ollama / LM Studio',
    placeholder: 'Key for your OpenAI-compatible server',
    keysUrl: 'https://platform.openai.com/api-keys',
    maskPrefix: (key) => prefixOf(key, ['sk-']),
    isValid: (key) => NO_SPACES.test(key),
  },
};

export type KeyInput = { kind: 'empty' } | { kind: 'valid'; key: string } | { kind: 'invalid' };

/** Classifies what the user typed: empty is a clear, not an error. Surrounding spaces are ignored. */
export function checkProviderKey(provider: ProviderId, raw: string): KeyInput {
  const key = raw.trim();
  if (!key) return { kind: 'empty' };
  return PROVIDER_KEYS[provider].isValid(key) ? { kind: 'valid', key } : { kind: 'invalid' };
}

/** A saved key as shown on screen: the known prefix, an ellipsis and the last 4 characters (`sk-…abcd`). */
export function maskKey(provider: ProviderId, key: string): string {
  const prefix = PROVIDER_KEYS[provider].maskPrefix(key);
  // Short keys: reveal nothing but a couple of characters, so the mask never shows most of the key.
  if (key.length - prefix.length < 12) return `${prefix}…${key.slice(-2)}`;
  return `${prefix}…${key.slice(-4)}`;
}

export type BaseUrlInput = { kind: 'empty' } | { kind: 'valid'; url: string } | { kind: 'invalid' };

/**
 * The optional OpenAI-compatible base URL (Ollama `http://localhost:11434/v1`, LM Studio
 * `http://localhost:1234/v1`): an absolute http(s) URL without credentials, query or fragment.
 * Trailing slashes are dropped.
 */
export function checkBaseUrl(raw: string): BaseUrlInput {
  const text = raw.trim();
  if (!text) return { kind: 'empty' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'invalid' };
  if (!url.hostname || url.username || url.password || url.search || url.hash) return { kind: 'invalid' };
  return { kind: 'valid', url: `${url.origin}${url.pathname}`.replace(/\/+$/, '') };
}

export const BASE_URL_EXAMPLES = ['http://localhost:11434/v1', 'http://localhost:1234/v1'] as const;

/** A notice as the key screens show it (same shape as the app's notify input). */
export interface KeyNotice {
  title: string;
  description?: string;
  variant?: 'destructive';
}

/** The key notices, for any provider; with OpenAI they read exactly as users know them ('OpenAI API Key Saved', …). */
export const KEY_TEXTS = {
  saved: (label: string): KeyNotice => ({ title: `${label} API Key Saved` }),
  savedLocally: (label: string): KeyNotice => ({
    title: `${label} API Key Saved Locally`,
    description: 'Saved locally. Sign in to sync to your account. Keep it secure!',
  }),
  cleared: (label: string): KeyNotice => ({ title: `${label} API Key Cleared` }),
  invalid: (label: string): KeyNotice => ({
    title: 'Invalid API Key',
    description: `Please enter a valid ${label} API key. Key has been cleared.`,
    variant: 'destructive',
  }),
  dbSaveError: (label: string, message: string): KeyNotice => ({
    title: 'DB Save Error',
    description: `${label} key saved locally, but failed to save to cloud: ${message}`,
    variant: 'destructive',
  }),
  /** Clearing worked locally but the cloud record could not be updated (added by this build). */
  dbClearError: (label: string, message: string): KeyNotice => ({
    title: 'DB Save Error',
    description: `${label} key cleared locally, but failed to clear it in the cloud: ${message}`,
    variant: 'destructive',
  }),
  storageError: (): KeyNotice => ({ title: 'Storage Error', description: 'Could not save the API key.', variant: 'destructive' }),
  fetchError: (label: string, message: string): KeyNotice => ({
    title: `Error fetching ${label} key from DB`,
    description: message,
    variant: 'destructive',
  }),
  /** The card's notice for visitors. */
  signInToSync: 'Keys are kept in this browser only. Sign in to sync them to your account.',
} as const;

/** Base URL notices (same style as the key notices). */
export const BASE_URL_TEXTS = {
  saved: (): KeyNotice => ({ title: 'Base URL Saved' }),
  savedLocally: (): KeyNotice => ({ title: 'Base URL Saved Locally', description: KEY_TEXTS.savedLocally('').description }),
  cleared: (): KeyNotice => ({ title: 'Base URL Cleared' }),
  invalid: (): KeyNotice => ({
    title: 'Invalid Base URL',
    description: 'Please enter an http:// or https:// URL, e.g. http://localhost:11434/v1.',
    variant: 'destructive',
  }),
  dbSaveError: (message: string): KeyNotice => ({
    title: 'DB Save Error',
    description: `Base URL saved locally, but failed to save to cloud: ${message}`,
    variant: 'destructive',
  }),
} as const;

/** "Key works — 12 models available" (or "Connected — …" for a keyless local server). */
export function modelsAvailableText(count: number, keyUsed: boolean): string {
  return `${keyUsed ? 'Key works' : 'Connected'} — ${count} ${count === 1 ? 'model' : 'models'} available`;
}

/**
 * What signing in does to the keys in this browser's storage (whose they are is recorded):
 * - `cloud`: they are this user's own, the cloud record wins;
 * - `merge`: they were saved signed out, so nothing is lost: the cloud wins where it has a value,
 *   the local key fills an empty cloud column (and is uploaded);
 * - another user's keys are cleared first (`clearFirst`), then it is a merge of nothing.
 * Signed out, keys recorded for any account are cleared (the sign-out clean-up was missed).
 * An unrecorded owner (installs from before it was recorded) counts as signed out.
 */
export interface KeyLoadPlan {
  clearFirst: boolean;
  mode: 'local' | 'merge' | 'cloud';
}

export function planKeyLoad(owner: string | null | undefined, userId: string | null): KeyLoadPlan {
  const recordedUser = typeof owner === 'string' ? owner : null;
  if (!userId) return { clearFirst: recordedUser !== null, mode: 'local' };
  if (recordedUser === userId) return { clearFirst: false, mode: 'cloud' };
  return { clearFirst: recordedUser !== null, mode: 'merge' };
}

/**
 * The merge of local (signed-out) values into the cloud record: every column's value, cloud
 * first, and the columns whose local value must be uploaded because the cloud has none.
 */
export function mergeKeyColumns<C extends string>(
  columns: readonly C[],
  local: Record<C, string | null>,
  cloud: Record<C, string | null> | null,
): { values: Record<C, string | null>; uploads: C[] } {
  const values = {} as Record<C, string | null>;
  const uploads: C[] = [];
  for (const column of columns) {
    const cloudValue = cloud?.[column] || null;
    const localValue = local[column] || null;
    values[column] = cloudValue ?? localValue;
    if (!cloudValue && localValue) uploads.push(column);
  }
  return { values, uploads };
}

/** A provider's display name; an id we do not know (an older run's) shows as written. */
export const providerName = (id: string): string => (PROVIDER_IDS.includes(id as ProviderId) ? PROVIDER_KEYS[id as ProviderId].label : id);
