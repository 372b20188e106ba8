import type { ZodType } from 'zod';
import { AI_TEXTS, AiError, explainedFor, toAiError } from './aiErrors.ts';
import { parseJsonReply } from './jsonReply.ts';
import { maxOutputTokensFor } from './modelLimits.ts';
import type { ChatCall, ChatMessage, TokenUsage } from './protocol/types.ts';
import { keyRequired, protocolFor, type ClientOptions, type ProviderTarget } from './providers.ts';
import { withRetries } from './retry.ts';
import { withAiDefaults } from './settings.ts';
import { readChatStream, streamCutError } from './streamReader.ts';
import { promptCharsOf, usageReporter, type AiUsage } from './usage.ts';
import { imageProblem } from './vision.ts';
import type { WebSource } from '../core/webSearch.ts';
import { withCitationMarks, type WebFound } from './webSearchTool.ts';

/**
 * Running a prompt on the user's provider, in the protocol the provider speaks (providers.ts). A
 * prompt is sent as one user message, or a conversation as its messages. Defaults: a
 * 600000 ms client timeout (until the headers, and for a stream until its first words), a stream
 * idle limit of 60 s between chunks after that (streamReader.ts), and two retries with backoff on
 * 429/5xx only, honouring retry-after (retry.ts: never after a timeout or a dropped connection).
 * Each can be changed through the settings (ClientOptions: setAiDefaults, or per request). Every
 * failure is an AiError mapped to the catalogue (aiErrors.ts).
 *
 *   streamText    streamed text with onDelta; Stop (the signal) resolves with the partial text
 *   completeText  one answer as text
 *   completeJson  JSON mode where the provider has it, parsed and validated with a zod schema
 *
 * Each call reports its usage once through `request.usage` (usage.ts): what the provider reported,
 * or the lengths to estimate from, however it ended (done, stopped, failed; retries are one call).
 */

const DEFAULT_AI_TIMEOUT_MS = 600_000;
/**
 * Once words flow, providers send a chunk every few seconds at most (a token, or Gemini's
 * sentence-sized pieces; a CPU-bound local model still writes a token in well under 10 s), so a
 * minute of silence is a stalled stream, with room for a slow network.
 */
const DEFAULT_STREAM_IDLE_MS = 60_000;
const DEFAULT_AI_RETRIES = 2;

export interface AiRequest {
  target: ProviderTarget;
  model: string;
  /** One user message (how every screen sends a prompt), or a full conversation. */
  prompt: string | readonly ChatMessage[];
  signal?: AbortSignal;
  /** Timeout, retries, base-URL override (development), fetch (tests). */
  settings?: ClientOptions;
  /** The message for failures that are not the provider's (network): the feature's own wording. */
  fallbackError?: string;
  /** Where the call's one usage-ledger row goes, and the budget check before it (usage.ts). */
  usage: AiUsage;
  /**
   * Search the web with the provider's own tool (Gemini's Google Search, Claude's web search; see
   * core/webSearch.ts searchesNatively), its sources numbered from `first`. The answer's text gets
   * `[n]` markers where the provider's citations say; each search is counted on the usage row.
   */
  webSearch?: { first: number };
}

export interface StreamResult {
  text: string;
  /** The user stopped it: `text` is what had arrived. */
  stopped: boolean;
  model: string;
  /** Tokens as the provider reported them (null or absent: it reported none, e.g. a stream stopped early). */
  usage?: TokenUsage | null;
  /** A call with webSearch: the sources the provider's search found and how many searches it ran. */
  web?: { sources: WebSource[]; searches: number };
}

/** The answer with the provider's citations as markers, and what it found (a call without webSearch: unchanged). */
const citedAnswer = (text: string, web: WebFound | null | undefined) =>
  web ? { text: withCitationMarks(text, web.marks), web: { sources: web.sources, searches: web.searches } } : { text };

const messagesOf = (prompt: AiRequest['prompt']): readonly ChatMessage[] =>
  typeof prompt === 'string' ? [{ role: 'user', content: prompt }] : prompt;

/** The call as every protocol takes it: the model's output limit where its service needs one. */
const callOf = (request: AiRequest, json: boolean): ChatCall => ({
  model: request.model,
  messages: messagesOf(request.prompt),
  json,
  maxOutputTokens: maxOutputTokensFor(request.target.provider, request.model),
  ...(request.webSearch && !json ? { webSearch: request.webSearch } : {}),
  signal: request.signal,
});

/** The settings a call runs with: our defaults, then the front end's (setAiDefaults), then the request's. */
function settingsFor(request: AiRequest): Required<Pick<ClientOptions, 'timeoutMs' | 'streamIdleMs' | 'maxRetries'>> & ClientOptions {
  return {
    timeoutMs: DEFAULT_AI_TIMEOUT_MS,
    streamIdleMs: DEFAULT_STREAM_IDLE_MS,
    maxRetries: DEFAULT_AI_RETRIES,
    ...withAiDefaults(request.settings),
  };
}

function clientFor(request: AiRequest, settings: ClientOptions) {
  const { target } = request;
  if (keyRequired(target) && !target.apiKey?.trim()) {
    throw new AiError('noKey', AI_TEXTS.noKey(target.provider), AI_TEXTS.noKeyTitle(target.provider));
  }
  return protocolFor(target, settings);
}

/**
 * What happens before a request leaves: the model reads the images the messages carry (vision.ts),
 * the key is there and the usage check (a budget) lets it go. A refusal here reaches no provider and records nothing; an AiError passes through unchanged.
 */
async function admitted(request: AiRequest, settings: ClientOptions) {
  const images = messagesOf(request.prompt).flatMap((message) => message.images ?? []);
  const refused = imageProblem(request.target.provider, request.model, images);
  if (refused) throw new AiError('vision', refused, AI_TEXTS.visionTitle);
  const client = clientFor(request, settings);
  try {
    await request.usage.check?.(request.target.provider, request.model);
  } catch (error) {
    throw error instanceof AiError ? error : toAiError(error, { provider: request.target.provider, fallback: request.fallbackError });
  }
  return client;
}

export async function streamText(request: AiRequest & { onDelta?: (delta: string, text: string) => void }): Promise<StreamResult> {
  const settings = settingsFor(request);
  const client = await admitted(request, settings).catch((error: unknown) => {
    throw explainedFor(error instanceof AiError ? error : toAiError(error, { provider: request.target.provider }), {
      ...request.target,
      surface: settings.surface,
    });
  });
  const report = usageReporter(request.usage, request.target.provider, request.model, promptCharsOf(request.prompt));
  let text = '';
  // The latest counts the stream sent: a stream stopped or cut later still has them.
  let reported: TokenUsage | null = null;
  let found: WebFound | null = null;
  try {
    let startedAt = 0;
    const stream = await withRetries(
      () => {
        startedAt = Date.now();
        return client.streamChat(callOf(request, false));
      },
      { maxRetries: settings.maxRetries, signal: request.signal },
    );
    const limits = { firstContentMs: Math.max(1, settings.timeoutMs - (Date.now() - startedAt)), idleMs: settings.streamIdleMs };
    // Stop closes the body too: Anthropic's and Gemini's adapters only watch the signal until the headers.
    const closeOnStop = () => stream.abort();
    request.signal?.addEventListener('abort', closeOnStop, { once: true });
    if (request.signal?.aborted) stream.abort();
    const { finishReason, usage, web } = await readChatStream(
      stream,
      limits,
      (delta) => {
        text += delta;
        request.onDelta?.(delta, text);
      },
      (sofar) => {
        reported = sofar;
      },
      (sofar) => {
        found = sofar;
      },
    ).finally(() => request.signal?.removeEventListener('abort', closeOnStop));
    // A stopped stream ends its iteration quietly.
    if (request.signal?.aborted) {
      report('stopped', usage ?? reported, text.length, web?.searches);
      return { ...citedAnswer(text, web), stopped: true, model: request.model, usage };
    }
    if (!finishReason) throw streamCutError();
    report('done', usage, text.length, web?.searches);
    return { ...citedAnswer(text, web), stopped: false, model: request.model, usage };
  } catch (error) {
    const mapped = explainedFor(toAiError(error, { provider: request.target.provider, fallback: request.fallbackError, partial: text }), {
      ...request.target,
      surface: settings.surface,
    });
    const searched = (found as WebFound | null)?.searches;
    if (mapped.kind === 'aborted') {
      report('stopped', reported, text.length, searched);
      return { ...citedAnswer(text, found), stopped: true, model: request.model, usage: null };
    }
    report('failed', reported, text.length, searched);
    throw mapped;
  }
}

export async function completeText(request: AiRequest, json = false): Promise<string> {
  const settings = settingsFor(request);
  const explained = (error: unknown) =>
    explainedFor(toAiError(error, { provider: request.target.provider, fallback: request.fallbackError }), {
      ...request.target,
      surface: settings.surface,
    });
  const client = await admitted(request, settings).catch((error: unknown) => {
    throw error instanceof AiError ? explainedFor(error, { ...request.target, surface: settings.surface }) : explained(error);
  });
  const report = usageReporter(request.usage, request.target.provider, request.model, promptCharsOf(request.prompt));
  try {
    const answer = await withRetries(() => client.completeChat(callOf(request, json)), {
      maxRetries: settings.maxRetries,
      signal: request.signal,
    });
    report('done', answer.usage, answer.text.length, answer.web?.searches);
    return citedAnswer(answer.text, answer.web).text;
  } catch (error) {
    const mapped = explained(error);
    report(mapped.kind === 'aborted' ? 'stopped' : 'failed', null, 0);
    throw mapped;
  }
}

export async function completeJson<T>(request: AiRequest & { schema: ZodType<T> }): Promise<T> {
  const text = await completeText(request, true);
  try {
    return parseJsonReply(text, request.schema);
  } catch (error) {
    throw toAiError(error, { provider: request.target.provider, fallback: request.fallbackError });
  }
}
