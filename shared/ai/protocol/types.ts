/**
 * What every provider protocol offers the AI layer, whatever the service speaks underneath
 * (OpenAI's chat completions, Anthropic's Messages API, Gemini's generateContent). Failures are
 * thrown as the `openai` SDK's error classes (APIError with the HTTP status, APIConnectionError,
 * APIConnectionTimeoutError, APIUserAbortError), so retries (retry.ts) and the catalogue
 * (aiErrors.ts) treat every protocol alike.
 */

import type { ChatImage } from '../vision.ts';
import type { WebFound } from '../webSearchTool.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** Images sent with a user message, after its text (vision.ts checks them before a request). */
  images?: readonly ChatImage[];
}

/** Tokens as the provider reported them (null fields: it did not say). */
export interface TokenUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  cachedInputTokens: number | null;
  /** Input tokens written to the prompt cache (Anthropic's cache_creation_input_tokens). */
  cacheWriteInputTokens?: number | null;
}

export interface ChatCall {
  model: string;
  messages: readonly ChatMessage[];
  /** Ask for a JSON object (each protocol asks its own way; the prompt says so too). */
  json?: boolean;
  /** The most tokens the answer may take (sent only where the service needs or honours one). */
  maxOutputTokens?: number;
  /** Search the web with the provider's own tool (Gemini, Anthropic), its sources numbered from `first`. */
  webSearch?: { first: number };
  signal?: AbortSignal;
}

export type ChatEvent =
  | { type: 'text'; text: string }
  /** The service said the answer is complete (a stream without one was cut). */
  | { type: 'finish'; reason: string }
  /** The counts so far (a later event replaces an earlier one: Anthropic sends input first, output at the end). */
  | { type: 'usage'; usage: TokenUsage }
  /** What the provider's search tool found for the answer so far (a later event replaces an earlier one). */
  | { type: 'web'; found: WebFound };

export interface ChatStream extends AsyncIterable<ChatEvent> {
  /** Stops reading and closes the connection. */
  abort(): void;
}

export interface ChatAnswer {
  text: string;
  usage: TokenUsage | null;
  /** What the provider's search tool found (a call with webSearch; the text has no markers yet). */
  web?: WebFound | null;
}

export interface Embedded {
  vectors: number[][];
  inputTokens: number | null;
}

export interface ProtocolClient {
  /** Resolves once the service has answered with a stream (a refusal is thrown here). */
  streamChat(call: ChatCall): Promise<ChatStream>;
  completeChat(call: ChatCall): Promise<ChatAnswer>;
  /** The model ids the key can use (throws the service's refusal for a bad key). */
  listModels(): Promise<string[]>;
  /** One vector per text, in order, with the input tokens the service reported (null: it reports none). */
  embed(model: string, texts: readonly string[], signal?: AbortSignal): Promise<Embedded>;
}
