import { APIConnectionError, APIConnectionTimeoutError } from 'openai';
import type { Stream } from 'openai/core/streaming';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/**
 * Reads a streamed chat completion, guarding the two ways a stream fails without an error:
 *
 * - It stalls. The SDK's timeout ends once the headers arrive, so a stream that stops sending
 *   would wait forever. Until the first words arrive the request's own timeout still applies
 *   (reasoning models may think for minutes before writing); after that, a gap longer than
 *   `idleMs` between chunks is a timeout. The stream is aborted; the text so far is kept.
 * - It ends early but cleanly (a proxy closing the connection, no `[DONE]`): every provider we
 *   support ends a complete answer with a finish_reason (OpenAI; Gemini's, Anthropic's and
 *   Cohere's compatibility layers; AI21; the Hugging Face router's providers; Ollama, LM Studio
 *   and llama.cpp's server), so a stream without one was cut.
 */

export interface StreamLimits {
  /** Milliseconds to wait for the first words (what is left of the request timeout). */
  firstContentMs: number;
  /** Milliseconds allowed between chunks once words have arrived; 0 turns the guard off. */
  idleMs: number;
}

export interface StreamOutcome {
  /** Null when the stream ended without one: it was cut. */
  finishReason: string | null;
}

/** Thrown (and mapped to the catalogue's network message) when a stream ends without a finish_reason. */
export const streamCutError = () => new APIConnectionError({ message: 'The answer stopped before it was complete (no finish_reason).' });

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
  stream: Stream<ChatCompletionChunk>,
  limits: StreamLimits,
  onDelta: (delta: string) => void,
): Promise<StreamOutcome> {
  const iterator = stream[Symbol.asyncIterator]();
  let finishReason: string | null = null;
  let writing = false;
  for (;;) {
    const next = await nextWithin(iterator, writing ? limits.idleMs : limits.firstContentMs, () => stream.controller.abort());
    if (next.done) return { finishReason };
    const choice = next.value.choices[0];
    // Some servers send '' until the end; only a real reason counts.
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    const delta = choice?.delta?.content ?? '';
    if (!delta) continue;
    writing = true;
    onDelta(delta);
  }
}
