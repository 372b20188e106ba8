import { APIConnectionError, APIConnectionTimeoutError } from 'openai';
import type { ChatStream, TokenUsage } from './protocol/types.ts';
import type { WebFound } from './webSearchTool.ts';

/**
 * Reads a streamed answer, guarding the two ways a stream fails without an error:
 *
 * - It stalls. The request's timeout ends once the headers arrive, so a stream that stops sending
 *   would wait forever. Until the first words arrive the request's own timeout still applies
 *   (reasoning models may think for minutes before writing); after that, a gap longer than
 *   `idleMs` between events is a timeout. The stream is aborted; the text so far is kept.
 * - It ends early but cleanly (a proxy closing the connection, no end marker): every service we
 *   support says when an answer is complete (a finish_reason, Anthropic's stop_reason, Gemini's
 *   finishReason), so a stream without one was cut.
 */

export interface StreamLimits {
  /** Milliseconds to wait for the first words (what is left of the request timeout). */
  firstContentMs: number;
  /** Milliseconds allowed between events once words have arrived; 0 turns the guard off. */
  idleMs: number;
}

export interface StreamOutcome {
  /** Null when the stream ended without one: it was cut. */
  finishReason: string | null;
  /** Tokens as the service reported them; null when it sent none. */
  usage: TokenUsage | null;
  /** What the provider's search tool found (absent: it was not asked, or said nothing). */
  web?: WebFound;
}

/** Thrown (and mapped to the catalogue's network message) when a stream ends without saying it is complete. */
export const streamCutError = () => new APIConnectionError({ message: 'The answer stopped before it was complete (no finish reason).' });

function nextWithin<T>(iterator: AsyncIterator<T>, ms: number, onTimeout: () => void): Promise<IteratorResult<T>> {
  if (!(ms > 0)) return iterator.next();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new APIConnectionTimeoutError({ message: `No data from the AI service for ${Math.round(ms / 1000)} s.` }));
    }, ms);
  });
  return Promise.race([iterator.next(), timeout]).finally(() => clearTimeout(timer));
}

/** Reads `stream` to its end, calling `onDelta` with each piece of text. Stop (the request's signal) ends it quietly. */
export async function readChatStream(
  stream: ChatStream,
  limits: StreamLimits,
  onDelta: (delta: string) => void,
  /** Each usage event as it comes, so a stream that fails or is stopped later still has its counts so far. */
  onUsage?: (usage: TokenUsage) => void,
  /** Each web event as it comes (a stopped stream keeps what was found so far). */
  onWeb?: (found: WebFound) => void,
): Promise<StreamOutcome> {
  const iterator = stream[Symbol.asyncIterator]();
  let finishReason: string | null = null;
  let usage: TokenUsage | null = null;
  let web: WebFound | null = null;
  let writing = false;
  for (;;) {
    const next = await nextWithin(iterator, writing ? limits.idleMs : limits.firstContentMs, () => stream.abort());
    if (next.done) return { finishReason, usage, ...(web ? { web } : {}) };
    const event = next.value;
    if (event.type === 'finish') finishReason = event.reason;
    else if (event.type === 'usage') {
      usage = event.usage;
      onUsage?.(usage);
    } else if (event.type === 'web') {
      web = event.found;
      onWeb?.(web);
    } else if (event.text) {
      writing = true;
      onDelta(event.text);
    }
  }
}
