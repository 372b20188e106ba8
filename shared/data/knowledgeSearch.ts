import { passageFrom, type KnowledgePassage } from '../core/knowledge/grounding.ts';
import type { KbSelection } from './knowledge.ts';
import { fail, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';

/**
 * Retrieval from the user's knowledge base (match_knowledge): the passages that best answer a
 * question, best first, within the selection (all, uncategorized, one folder). Documents are
 * indexed by the database when they are saved or changed. With the question's embedding (and its
 * model), the full-text candidates are re-ranked by meaning as well (passages embedded with that
 * model: shared/data/knowledgeEmbeddings.ts); without one, full text alone ranks them.
 */
export async function searchKnowledge(
  client: AppClient,
  query: string,
  {
    selection = { kind: 'all' },
    count = 5,
    embedding,
  }: { selection?: KbSelection; count?: number; embedding?: { model: string; vector: readonly number[] } | null } = {},
): Promise<DataResult<KnowledgePassage[]>> {
  if (!query.trim()) return ok([]);
  const { data, error } = await client.rpc('match_knowledge', {
    query,
    selection: selection.kind,
    ...(selection.kind === 'folder' ? { folder: selection.folderId } : {}),
    match_count: count,
    ...(embedding ? { query_embedding: [...embedding.vector], embedding_model: embedding.model } : {}),
  });
  if (error) return fail(error);
  return ok((data ?? []).map(passageFrom));
}
