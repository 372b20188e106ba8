import type { ProviderId } from '../core/providerKeys.ts';

/**
 * Which model to use per provider: the user's choice, else the first of our preferences that the
 * key's model list offers, else a sensible default. The original product used gpt-4-turbo-preview for OpenAI;
 * it comes first when the account still has it. Preferences follow each provider's documented
 * OpenAI-compatible chat models (checked November 2026); the list from the provider always wins.
 */
const MODEL_PREFERENCES: Record<ProviderId, readonly string[]> = {
  openai: ['gpt-4-turbo-preview', 'gpt-4.1-mini', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4o'],
  gemini: ['gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-1.5-flash'],
  anthropic: ['claude-sonnet-4-5', 'claude-3-7-sonnet-latest', 'claude-3-5-haiku-latest'],
  cohere: ['command-a-03-2025', 'command-r-plus', 'command-r'],
  ai21: ['jamba-large', 'jamba-mini', 'jamba-1.5-large'],
  huggingface: ['meta-llama/Llama-3.1-8B-Instruct', 'Qwen/Qwen2.5-72B-Instruct'],
  chatgpt_custom: ['gpt-4o-mini', 'llama3.1', 'llama3.2', 'qwen2.5', 'mistral'],
};

/** Model ids that are not chat models (embeddings, speech, images, moderation, legacy completions). */
const NOT_CHAT = /(embed|whisper|tts|dall-e|moderation|transcribe|audio|image|realtime|search|babbage|davinci|computer-use|rerank)/i;

/** The chat models of a provider's list, without the "models/" prefix Gemini puts on ids. */
export function chatModels(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.replace(/^models\//, '')).filter((id) => id && !NOT_CHAT.test(id)))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** The model to preselect: a preference the list offers, else the first chat model listed, else our first preference. */
export function defaultModel(provider: ProviderId, available: readonly string[] | null): string {
  const preferences = MODEL_PREFERENCES[provider];
  if (available?.length) {
    const chat = chatModels(available);
    const preferred = preferences.find((p) => chat.includes(p));
    if (preferred) return preferred;
    if (chat[0]) return chat[0];
  }
  return preferences[0]!;
}
