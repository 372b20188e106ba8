import type { ProviderId } from '../core/providerKeys.ts';

/**
 * Which model to use per provider: the user's choice, else the first of our preferences that the
 * key's model list offers, else the first current chat model the list has. Preferences are each
 * provider's current general models, checked 2026-11-29 against docs/providers.md (row 8 of each
 * provider, with sources); none is retired, scheduled for shutdown before 2027 or a preview. The
 * key's own list always wins: a preference it does not offer is skipped.
 */
export const MODEL_PREFERENCES_CHECKED = '2026-11-29';

const MODEL_PREFERENCES: Record<ProviderId, readonly string[]> = {
  openai: ['gpt-6.1-terra', 'gpt-6-luna', 'gpt-5.6-terra'],
  gemini: ['gemini-3.8-flash', 'gemini-3.5-flash-lite', 'gemini-3.1-flash-lite'],
  anthropic: ['claude-sonnet-5-5', 'claude-haiku-4-5', 'claude-opus-5-5'],
  cohere: ['command-a-03-2025', 'command-r7b-12-2024'],
  ai21: ['jamba-large', 'jamba-mini'],
  huggingface: ['openai/gpt-oss-120b', 'deepseek-ai/DeepSeek-V3.2', 'Qwen/Qwen3-32B', 'meta-llama/Llama-3.3-70B-Instruct'],
  // OpenAI's models when no custom URL is set, then what local servers commonly have pulled.
  chatgpt_custom: ['gpt-6.1-terra', 'gpt-6-luna', 'llama3.3', 'qwen3', 'gpt-oss', 'mistral'],
};

/** Model ids that are not chat models (embeddings, speech, images, moderation, legacy completions). */
const NOT_CHAT = /(embed|whisper|tts|dall-e|moderation|transcribe|audio|image|realtime|search|babbage|davinci|computer-use|rerank)/i;

/** Ids a default never picks: previews and experiments come and go without notice. */
const NOT_DEFAULT = /(preview|-exp\b|experimental|deprecated)/i;

/** The chat models of a provider's list, without the "models/" prefix Gemini puts on ids. */
export function chatModels(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.replace(/^models\//, '')).filter((id) => id && !NOT_CHAT.test(id)))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** The model to preselect: a preference the list offers, else the first current chat model listed, else our first preference. */
export function defaultModel(provider: ProviderId, available: readonly string[] | null): string {
  const preferences = MODEL_PREFERENCES[provider];
  if (available?.length) {
    const chat = chatModels(available);
    const preferred = preferences.find((p) => chat.includes(p));
    if (preferred) return preferred;
    const current = chat.find((id) => !NOT_DEFAULT.test(id));
    if (current) return current;
  }
  return preferences[0]!;
}
