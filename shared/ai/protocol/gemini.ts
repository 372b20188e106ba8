import { callService, eventJson, serverEvents } from './http.ts';
import { geminiWebFound, type GeminiGroundingMetadata } from '../webSearchTool.ts';
import type { ChatCall, ChatEvent, ChatMessage, ChatStream, ProtocolClient, TokenUsage } from './types.ts';

/**
 * Gemini's own API (docs/providers.md §2), from every surface: its OpenAI layer refuses a browser
 * preflight that names the `openai` SDK's headers, the native one answers browsers with
 * `x-goog-api-key`. The system prompt goes in `systemInstruction`; the model's turns are `model`;
 * each streamed event is a whole GenerateContentResponse and the stream ends when the body does.
 * A call with webSearch sends the Google Search tool (`tools: [{google_search: {}}]`); the answer's
 * candidates[0].groundingMetadata names the pages and the segments they support (§13).
 */

interface GeminiUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
}

interface GeminiResponse {
  candidates?: {
    content?: { parts?: { text?: string; thought?: boolean }[] };
    finishReason?: string;
    groundingMetadata?: GeminiGroundingMetadata;
  }[];
  usageMetadata?: GeminiUsage;
}

const usageOf = (usage: GeminiUsage): TokenUsage => ({
  inputTokens: usage.promptTokenCount ?? null,
  // Thinking tokens are billed as output.
  outputTokens: usage.candidatesTokenCount === undefined ? null : usage.candidatesTokenCount + (usage.thoughtsTokenCount ?? 0),
  cachedInputTokens: usage.cachedContentTokenCount ?? null,
});

const textOf = (response: GeminiResponse) =>
  (response.candidates?.[0]?.content?.parts ?? [])
    .filter((part) => !part.thought)
    .map((part) => part.text ?? '')
    .join('');

/** A turn's parts: its text, then each image inline (`inlineData`, base64 without a data: prefix). */
function partsOf(message: ChatMessage) {
  const images = message.role === 'user' ? (message.images ?? []) : [];
  return [
    ...(message.content || images.length === 0 ? [{ text: message.content }] : []),
    ...images.map((image) => ({ inlineData: { mimeType: image.mediaType, data: image.base64 } })),
  ];
}

function geminiBody(messages: readonly ChatMessage[], json: boolean, maxOutputTokens?: number, webSearch = false) {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  return {
    contents: messages
      .filter((m) => m.role !== 'system')
      .map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: partsOf(m) })),
    ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
    ...(webSearch ? { tools: [{ google_search: {} }] } : {}),
    generationConfig: {
      ...(json ? { responseMimeType: 'application/json' } : {}),
      ...(maxOutputTokens ? { maxOutputTokens } : {}),
    },
  };
}

/** Texts per batchEmbedContents call. */
const EMBED_BATCH = 100;

export interface GeminiOptions {
  baseURL: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function geminiProtocol(options: GeminiOptions): ProtocolClient {
  const headers = { 'x-goog-api-key': options.apiKey };
  const modelPath = (model: string) => `${options.baseURL}/models/${encodeURIComponent(model.replace(/^models\//, ''))}`;
  const request = (call: ChatCall, method: string) => ({
    url: `${modelPath(call.model)}:${method}`,
    headers,
    timeoutMs: options.timeoutMs,
    signal: call.signal,
    fetch: options.fetch,
    body: geminiBody(call.messages, call.json === true, call.maxOutputTokens, call.webSearch !== undefined),
  });

  return {
    async streamChat(call) {
      const controller = new AbortController();
      const streaming = request(call, 'streamGenerateContent');
      const response = await callService({ ...streaming, url: `${streaming.url}?alt=sse` }, controller);
      async function* events(): AsyncGenerator<ChatEvent> {
        let answer = '';
        for await (const { data } of serverEvents(response, controller)) {
          const chunk = eventJson<GeminiResponse>(data);
          if (!chunk) continue;
          const text = textOf(chunk);
          answer += text;
          if (text) yield { type: 'text', text };
          // The grounding comes with the last chunks, its segments indexed in the whole answer.
          const grounding = chunk.candidates?.[0]?.groundingMetadata;
          if (call.webSearch && grounding) yield { type: 'web', found: geminiWebFound(grounding, answer, call.webSearch.first) };
          // Every chunk carries the counts so far (the prompt's from the first): a stopped stream keeps them.
          if (chunk.usageMetadata) yield { type: 'usage', usage: usageOf(chunk.usageMetadata) };
          const reason = chunk.candidates?.[0]?.finishReason;
          if (reason) yield { type: 'finish', reason };
        }
      }
      const iterator = events();
      return { [Symbol.asyncIterator]: () => iterator, abort: () => controller.abort() } satisfies ChatStream;
    },

    async completeChat(call) {
      const response = await callService(request(call, 'generateContent'));
      const body = (await response.json()) as GeminiResponse;
      const text = textOf(body);
      const grounding = body.candidates?.[0]?.groundingMetadata;
      return {
        text,
        usage: body.usageMetadata ? usageOf(body.usageMetadata) : null,
        web: call.webSearch ? geminiWebFound(grounding ?? {}, text, call.webSearch.first) : null,
      };
    },

    async listModels() {
      const response = await callService({
        url: `${options.baseURL}/models?pageSize=1000`,
        headers,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      const body = (await response.json()) as { models?: { name?: string }[] };
      return (body.models ?? []).map((model) => String(model.name ?? '').replace(/^models\//, '')).filter(Boolean);
    },

    async embed(model, texts, signal) {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += EMBED_BATCH) {
        const batch = texts.slice(start, start + EMBED_BATCH);
        const response = await callService({
          url: `${modelPath(model)}:batchEmbedContents`,
          headers,
          timeoutMs: options.timeoutMs,
          signal,
          fetch: options.fetch,
          body: { requests: batch.map((text) => ({ model: `models/${model.replace(/^models\//, '')}`, content: { parts: [{ text }] } })) },
        });
        const body = (await response.json()) as { embeddings?: { values?: number[] }[] };
        vectors.push(...(body.embeddings ?? []).map((e) => e.values ?? []));
      }
      // batchEmbedContents reports no token counts: the ledger estimates them.
      return { vectors, inputTokens: null };
    },
  };
}
