import type { ProviderId } from '../core/providerKeys.ts';
import { AI_TEXTS, AiError, toAiError } from './aiErrors.ts';
import { keyRequired, protocolFor, type ClientOptions, type ProviderTarget } from './providers.ts';
import { withRetries } from './retry.ts';
import { withAiDefaults } from './settings.ts';
import { usageReporter, type AiUsage } from './usage.ts';

/**
 * Embeddings in the provider's own protocol (providers.ts), for ranking knowledge passages by
 * meaning. Which providers have one (docs/providers.md, row 7 of each):
 * - OpenAI: text-embedding-3-small, asked for 512 dimensions (the model shortens its vectors well,
 *   and shorter vectors keep the database's re-ranking fast).
 * - Gemini: batchEmbedContents with gemini-embedding-001.
 * - Cohere: its Compatibility API embeds with embed-v4.0.
 * - Custom ChatGPT: OpenAI's model without a custom base URL; with one (Ollama, LM Studio, …) the
 *   first model it lists whose name says "embed" (e.g. nomic-embed-text), else none.
 * - Anthropic, AI21 and Hugging Face's router have no OpenAI-compatible embeddings: none.
 */

const PROVIDER_EMBEDDING_MODELS: Partial<Record<ProviderId, string>> = {
  openai: 'text-embedding-3-small',
  gemini: 'gemini-embedding-001',
  cohere: 'embed-v4.0',
  chatgpt_custom: 'text-embedding-3-small',
};

/** Texts per request: Cohere takes at most 96, OpenAI up to 2,048. */
const BATCH_SIZE = 96;
/** Characters of a text sent (passages are about 1,200; this only bounds a pasted oddity). */
const MAX_TEXT_CHARS = 8_000;
const EMBEDDING_TIMEOUT_MS = 60_000;

/** Whether the target's model list is needed to choose its embedding model (a custom base URL). */
export const embeddingModelNeedsList = (target: ProviderTarget): boolean =>
  target.provider === 'chatgpt_custom' && Boolean(target.customBaseUrl);

/**
 * The embedding model for a target, or null when it has none. `listed` is the target's model list
 * (needed only when embeddingModelNeedsList).
 */
export function embeddingModelFor(target: ProviderTarget, listed: readonly string[] | null = null): string | null {
  if (embeddingModelNeedsList(target)) return listed?.find((id) => /embed/i.test(id)) ?? null;
  return PROVIDER_EMBEDDING_MODELS[target.provider] ?? null;
}

export interface EmbeddingRequest {
  target: ProviderTarget;
  model: string;
  texts: readonly string[];
  signal?: AbortSignal;
  /** Timeout, retries, base-URL override (development), fetch (tests). */
  settings?: ClientOptions;
  /** Where the call's one usage-ledger row goes (all its batches together), and the budget check before it. */
  usage: AiUsage;
}

/**
 * One vector per text, in order. Every failure is an AiError (aiErrors.ts). The call records one
 * usage row for all its batches: the input tokens the service reported (OpenAI's shape:
 * usage.prompt_tokens), else estimated from the characters sent (Gemini reports none).
 */
export async function embedTexts(request: EmbeddingRequest): Promise<number[][]> {
  const { target, model } = request;
  if (keyRequired(target) && !target.apiKey?.trim()) {
    throw new AiError('noKey', AI_TEXTS.noKey(target.provider), AI_TEXTS.noKeyTitle(target.provider));
  }
  const settings = { timeoutMs: EMBEDDING_TIMEOUT_MS, maxRetries: 2, ...withAiDefaults(request.settings) };
  try {
    await request.usage.check?.(target.provider, model);
  } catch (error) {
    throw error instanceof AiError ? error : toAiError(error, { provider: target.provider });
  }
  const inputs = request.texts.map((text) => text.slice(0, MAX_TEXT_CHARS));
  const report = usageReporter(
    request.usage,
    target.provider,
    model,
    inputs.reduce((sum, text) => sum + text.length, 0),
  );
  const vectors: number[][] = [];
  // Reported tokens of the batches so far; null once a batch came back without a count.
  let inputTokens: number | null = 0;
  try {
    const client = protocolFor(target, settings);
    for (let start = 0; start < inputs.length; start += BATCH_SIZE) {
      const input = inputs.slice(start, start + BATCH_SIZE);
      const answer = await withRetries(() => client.embed(model, input, request.signal), {
        maxRetries: settings.maxRetries,
        signal: request.signal,
      });
      inputTokens = inputTokens !== null && answer.inputTokens !== null ? inputTokens + answer.inputTokens : null;
      const ordered = answer.vectors;
      if (ordered.length !== input.length || ordered.some((v) => !Array.isArray(v) || v.length === 0)) {
        throw new AiError('api', AI_TEXTS.api('The embeddings answer did not match the texts sent.'));
      }
      vectors.push(...ordered);
    }
    report('done', embeddingUsage(inputTokens), 0);
    return vectors;
  } catch (error) {
    const mapped = toAiError(error, { provider: target.provider });
    // Batches already answered were charged even though the call failed: their counts, or an estimate.
    report(mapped.kind === 'aborted' ? 'stopped' : 'failed', vectors.length > 0 ? embeddingUsage(inputTokens) : null, 0);
    throw mapped;
  }
}

/** Embeddings generate nothing: the output count is 0 whenever the input was reported. */
const embeddingUsage = (inputTokens: number | null) =>
  inputTokens === null ? null : { inputTokens, outputTokens: 0, cachedInputTokens: null };
