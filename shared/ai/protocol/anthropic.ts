import { APIError } from 'openai';
import { anthropicWebFound, type AnthropicSearchBlock } from '../webSearchTool.ts';
import { callService, eventJson, serverEvents } from './http.ts';
import type { ChatAnswer, ChatCall, ChatEvent, ChatMessage, ChatStream, Embedded, ProtocolClient, TokenUsage } from './types.ts';

/**
 * Anthropic's own Messages API (docs/providers.md §3), from every surface: its OpenAI layer is not
 * meant for production, and a browser (the dashboard, and the extension, which still sends an
 * Origin) must opt in with `anthropic-dangerous-direct-browser-access`. `max_tokens` is required;
 * the system prompt is a top-level field; user and assistant turns alternate, starting with the user.
 * A call with webSearch sends the web search server tool; the answer's text blocks cite its
 * results (web_search_result_location) and usage counts its searches (§13). A long search turn may
 * pause (stop_reason pause_turn): the answer so far goes back as the assistant's turn, as it came,
 * and Claude continues it (up to MAX_CONTINUATIONS times); the reader sees one answer, its tokens
 * and searches summed.
 */

const VERSION = '2023-06-01';
const JSON_INSTRUCTION = 'Answer with one JSON object and nothing else.';
/** The start of a JSON answer, given for the model to continue (the Messages API has no JSON-mode flag). */
const JSON_PREFILL = '{';
/** Claude's web search server tool (docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool); searches per answer at most. */
const WEB_SEARCH_TOOL = { type: 'web_search_20250305', name: 'web_search', max_uses: 5 } as const;
/** How many times a paused search turn is continued before its answer is taken as it stands. */
const MAX_CONTINUATIONS = 3;
const PAUSED = 'pause_turn';

interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  server_tool_use?: { web_search_requests?: number };
}

/** The stream events read here (the others — ping, content_block_start/stop, message_stop — carry nothing needed). */
interface AnthropicEvent {
  type?: string;
  index?: number;
  message?: { usage?: AnthropicUsage };
  content_block?: AnthropicSearchBlock;
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string | null; citation?: { type?: string } };
  usage?: AnthropicUsage;
  error?: { type?: string; message?: string };
}

const usageOf = (
  usage: AnthropicUsage | undefined,
  into: TokenUsage = { inputTokens: null, outputTokens: null, cachedInputTokens: null, cacheWriteInputTokens: null },
): TokenUsage => ({
  inputTokens: usage?.input_tokens ?? into.inputTokens,
  outputTokens: usage?.output_tokens ?? into.outputTokens,
  cachedInputTokens: usage?.cache_read_input_tokens ?? into.cachedInputTokens,
  cacheWriteInputTokens: usage?.cache_creation_input_tokens ?? into.cacheWriteInputTokens ?? null,
});

const add = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a == null ? (b ?? null) : b == null ? a : a + b;

/** Two requests' counts as one answer's (each request of a continued turn is billed for its own input). */
const summed = (before: TokenUsage | undefined, next: TokenUsage): TokenUsage =>
  before
    ? {
        inputTokens: add(before.inputTokens, next.inputTokens),
        outputTokens: add(before.outputTokens, next.outputTokens),
        cachedInputTokens: add(before.cachedInputTokens, next.cachedInputTokens),
        cacheWriteInputTokens: add(before.cacheWriteInputTokens, next.cacheWriteInputTokens),
      }
    : next;

/**
 * A paused turn's blocks as they go back: as they came, without the empty text blocks and empty
 * citation lists a stream opens blocks with (the API refuses an empty text block).
 */
const sentBack = (blocks: readonly AnthropicSearchBlock[]): AnthropicSearchBlock[] =>
  blocks
    .filter((block) => Boolean(block) && !(block.type === 'text' && 'text' in block && !block.text))
    .map((block) => {
      if (block.type !== 'text' || !('citations' in block) || (block.citations?.length ?? 0) > 0) return block;
      const { citations: _empty, ...rest } = block;
      return rest;
    });

/**
 * System messages joined into `system`; the rest merged so roles alternate, starting with the user.
 * JSON is asked for in the system prompt and by starting the answer with `{`, which it continues.
 */
function anthropicMessages(messages: readonly ChatMessage[], json: boolean) {
  const system = [...messages.filter((m) => m.role === 'system').map((m) => m.content), ...(json ? [JSON_INSTRUCTION] : [])].join('\n\n');
  const turns: { role: 'user' | 'assistant'; content: AnthropicBlock[] }[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const blocks = blocksOf(message);
    const last = turns.at(-1);
    if (last?.role === message.role) last.content.push(...blocks);
    else turns.push({ role: message.role, content: blocks });
  }
  if (turns[0]?.role !== 'user') turns.unshift({ role: 'user', content: [{ type: 'text', text: '(continue)' }] });
  if (json && turns.at(-1)?.role === 'user') turns.push({ role: 'assistant', content: [{ type: 'text', text: JSON_PREFILL }] });
  return { system: system || undefined, messages: turns.map(({ role, content }) => ({ role, content: flattened(content) })) };
}

type AnthropicBlock = { type: 'text'; text: string } | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

/** A message's blocks: images first (Claude reads an image before the question about it best), then its text. */
function blocksOf(message: ChatMessage): AnthropicBlock[] {
  const images: AnthropicBlock[] = (message.role === 'user' ? (message.images ?? []) : []).map((image) => ({
    type: 'image',
    source: { type: 'base64', media_type: image.mediaType, data: image.base64 },
  }));
  return [...images, ...(message.content || images.length === 0 ? [{ type: 'text' as const, text: message.content }] : [])];
}

/** Text-only turns as one string, as before (merged turns joined by a blank line); a turn with an image as blocks. */
function flattened(blocks: AnthropicBlock[]): string | AnthropicBlock[] {
  if (blocks.every((b) => b.type === 'text')) return blocks.map((b) => (b.type === 'text' ? b.text : '')).join('\n\n');
  return blocks;
}

export interface AnthropicOptions {
  baseURL: string;
  apiKey: string;
  timeoutMs: number;
  /** The answer's token limit when the call names none (the model family's). */
  maxOutputTokens: (model: string) => number;
  fetch?: typeof fetch;
}

export function anthropicProtocol(options: AnthropicOptions): ProtocolClient {
  const headers = {
    'x-api-key': options.apiKey,
    'anthropic-version': VERSION,
    'anthropic-dangerous-direct-browser-access': 'true',
  };
  /** `paused`: the blocks of a paused turn so far, sent back as the last assistant turn to be continued. */
  const request = (call: ChatCall, stream: boolean, paused?: readonly AnthropicSearchBlock[]) => {
    const { system, messages } = anthropicMessages(call.messages, call.json === true);
    return {
      url: `${options.baseURL}/messages`,
      headers,
      timeoutMs: options.timeoutMs,
      signal: call.signal,
      fetch: options.fetch,
      body: {
        model: call.model,
        max_tokens: call.maxOutputTokens ?? options.maxOutputTokens(call.model),
        system,
        messages: paused ? [...messages, { role: 'assistant', content: sentBack(paused) }] : messages,
        ...(call.webSearch ? { tools: [WEB_SEARCH_TOOL] } : {}),
        ...(stream ? { stream: true } : {}),
      },
    };
  };

  return {
    async streamChat(call) {
      const controller = new AbortController();
      const first = await callService(request(call, true), controller);
      async function* events(): AsyncGenerator<ChatEvent> {
        // The counts of the requests before this one (a continued turn), and this one's.
        let before: TokenUsage | undefined;
        let usage: TokenUsage | undefined;
        // With web search: the answer's blocks as they come (text and citations, search results), and its searches.
        const blocks: AnthropicSearchBlock[] = [];
        let searches: number | null = null;
        let response = first;
        for (let continued = 0; ; continued += 1) {
          const offset = blocks.length;
          const toolInput: Record<number, string> = {};
          let stopReason: string | null = null;
          let requests: number | null = null;
          for await (const { data } of serverEvents(response, controller)) {
            const event = eventJson<AnthropicEvent>(data);
            if (!event) continue;
            const at = offset + (event.index ?? 0);
            if (event.type === 'message_start') {
              usage = usageOf(event.message?.usage);
              // The input count arrives first: a stream stopped before its end still reports it.
              // message_start's output_tokens is a placeholder (1), not a count of what follows.
              yield { type: 'usage', usage: summed(before, { ...usage, outputTokens: null }) };
            } else if (event.type === 'content_block_start' && event.content_block) {
              blocks[at] = { ...event.content_block };
            } else if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta' && event.delta.text) {
              const block = blocks[at] as { type: string; text?: string } | undefined;
              if (block?.type === 'text') block.text = `${block.text ?? ''}${event.delta.text}`;
              yield { type: 'text', text: event.delta.text };
            } else if (event.type === 'content_block_delta' && event.delta?.type === 'citations_delta' && event.delta.citation) {
              const block = blocks[at] as { type: string; citations?: unknown[] | null } | undefined;
              if (block?.type === 'text') block.citations = [...(block.citations ?? []), event.delta.citation];
            } else if (event.type === 'content_block_delta' && event.delta?.type === 'input_json_delta') {
              toolInput[at] = `${toolInput[at] ?? ''}${event.delta.partial_json ?? ''}`;
            } else if (event.type === 'content_block_stop' && toolInput[at] !== undefined) {
              // A server tool's input streams as JSON text: kept whole, to go back if the turn pauses.
              const block = blocks[at] as { type: string; input?: unknown } | undefined;
              if (block) block.input = eventJson(toolInput[at]!) ?? {};
            } else if (event.type === 'message_delta') {
              usage = usageOf(event.usage, usage);
              requests = event.usage?.server_tool_use?.web_search_requests ?? requests;
              if (event.delta?.stop_reason) stopReason = event.delta.stop_reason;
            } else if (event.type === 'error') {
              // A failure mid-stream (overloaded): the status the same failure has before a stream.
              const status = event.error?.type === 'overloaded_error' ? 529 : 500;
              throw APIError.generate(status, { error: event.error }, event.error?.message ?? 'Stream error', new Headers());
            }
          }
          if (usage) before = summed(before, usage);
          usage = undefined;
          if (requests !== null) searches = (searches ?? 0) + requests;
          if (stopReason === PAUSED && call.webSearch && continued < MAX_CONTINUATIONS) {
            response = await callService(request(call, true, blocks), controller);
            continue;
          }
          if (stopReason) yield { type: 'finish', reason: stopReason };
          break;
        }
        if (before) yield { type: 'usage', usage: before };
        if (call.webSearch) yield { type: 'web', found: anthropicWebFound(blocks.filter(Boolean), call.webSearch.first, searches) };
      }
      const iterator = events();
      return { [Symbol.asyncIterator]: () => iterator, abort: () => controller.abort() } satisfies ChatStream;
    },

    async completeChat(call): Promise<ChatAnswer> {
      type Body = { content?: (AnthropicSearchBlock & { text?: string })[]; usage?: AnthropicUsage; stop_reason?: string | null };
      const content: (AnthropicSearchBlock & { text?: string })[] = [];
      let usage: TokenUsage | undefined;
      let searches: number | null = null;
      for (let continued = 0; ; continued += 1) {
        const response = await callService(request(call, false, continued ? content : undefined));
        const body = (await response.json()) as Body;
        content.push(...(body.content ?? []));
        usage = summed(usage, usageOf(body.usage));
        const requests = body.usage?.server_tool_use?.web_search_requests;
        if (typeof requests === 'number') searches = (searches ?? 0) + requests;
        if (!(body.stop_reason === PAUSED && call.webSearch && continued < MAX_CONTINUATIONS)) break;
      }
      const text = content
        .filter((block) => block.type === 'text')
        .map((block) => block.text ?? '')
        .join('');
      const web = call.webSearch ? anthropicWebFound(content, call.webSearch.first, searches) : null;
      // The answer continues the prefill: put it back in front.
      return { text: call.json ? `${JSON_PREFILL}${text}` : text, usage, web };
    },

    async listModels() {
      const response = await callService({
        url: `${options.baseURL}/models?limit=1000`,
        headers,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      const body = (await response.json()) as { data?: { id?: string }[] };
      return (body.data ?? []).map((model) => String(model.id ?? '')).filter(Boolean);
    },

    embed(): Promise<Embedded> {
      return Promise.reject(new Error('Anthropic has no embeddings.'));
    },
  };
}
