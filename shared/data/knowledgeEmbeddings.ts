import type { Json } from './database.types.ts';
import { fail, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';
import { errorMessage } from '../core/text.ts';

/**
 * Embeddings of knowledge passages (kb_chunks.embedding, with the model that made them): which
 * passages still lack one for a model, and storing them (store_knowledge_embeddings; the owner
 * only). A document's passages are written anew when its text or name changes, without
 * embeddings, so they are found here again. The vectors themselves come from the caller (the
 * provider's /embeddings: shared/ai/embeddings.ts), so this module stays free of AI calls.
 */

export interface PassageToEmbed {
  chunkId: string;
  /** What is embedded: the document's name, then the passage. */
  text: string;
}

/** Passages read per round of embedKnowledge. */
const PAGE_SIZE = 192;

/** How many /embeddings requests embedKnowledge makes for `passages` passages (one per round; an estimate's call count). */
export const embeddingRequests = (passages: number): number => Math.ceil(passages / PAGE_SIZE);

/** The text embedded for a passage: its document's name (the heading) and its words. */
export const passageEmbeddingText = (heading: string, content: string) => `${heading}\n\n${content}`;

/** The caller's passages without an embedding of `model` (of one document, or all), oldest document first. */
export async function passagesToEmbed(
  client: AppClient,
  model: string,
  { documentId, limit = PAGE_SIZE }: { documentId?: string; limit?: number } = {},
): Promise<DataResult<PassageToEmbed[]>> {
  let request = client
    .from('kb_chunks')
    .select('id, heading, content')
    .or(`embedding_model.is.null,embedding_model.neq.${JSON.stringify(model)}`);
  if (documentId) request = request.eq('document_id', documentId);
  const { data, error } = await request.order('document_id').order('position').limit(limit);
  if (error) return fail(error);
  return ok(data.map((row) => ({ chunkId: row.id, text: passageEmbeddingText(row.heading, row.content) })));
}

/** Stores vectors for the caller's passages; answers how many were stored (passages rewritten meanwhile are skipped). */
export async function storeEmbeddings(
  client: AppClient,
  model: string,
  vectors: readonly { chunkId: string; embedding: readonly number[] }[],
): Promise<DataResult<number>> {
  if (vectors.length === 0) return ok(0);
  const embeddings: Json = vectors.map((v) => ({ chunk_id: v.chunkId, embedding: [...v.embedding] }));
  const { data, error } = await client.rpc('store_knowledge_embeddings', { embedding_model: model, embeddings });
  return error ? fail(error) : ok(data);
}

/**
 * Embeds every passage (of one document, or of the whole knowledge base) that lacks an embedding
 * of `model`, a page at a time, with `embed` (the provider's /embeddings). Answers how many were
 * stored. Stops at the first failure: whatever was stored stays, and retrieval uses full text for
 * the rest.
 */
export async function embedKnowledge(
  client: AppClient,
  model: string,
  embed: (texts: string[]) => Promise<number[][]>,
  { documentId, maxPassages = 5_000 }: { documentId?: string; maxPassages?: number } = {},
): Promise<DataResult<number>> {
  let stored = 0;
  let tried = 0;
  while (tried < maxPassages) {
    const page = await passagesToEmbed(client, model, { documentId, limit: Math.min(PAGE_SIZE, maxPassages - tried) });
    if (page.error) return page;
    if (page.data.length === 0) break;
    tried += page.data.length;
    let vectors: number[][];
    try {
      vectors = await embed(page.data.map((p) => p.text));
    } catch (error) {
      return fail({ message: errorMessage(error), code: 'embedding_failed' }, 'server');
    }
    const saved = await storeEmbeddings(
      client,
      model,
      page.data.map((p, i) => ({ chunkId: p.chunkId, embedding: vectors[i] ?? [] })).filter((v) => v.embedding.length > 0),
    );
    if (saved.error) return saved;
    stored += saved.data;
    // Nothing stored: the passages changed under us; the next save embeds them.
    if (saved.data === 0) break;
  }
  return ok(stored);
}
