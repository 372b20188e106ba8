import { passageFrom, retrievalQuery, type KnowledgePassage, type KnowledgeScope } from '@/shared/core/knowledge/grounding.ts';
import { callerDb } from './db.ts';

/** How many passages go with a prompt. */
const PASSAGES = 5;

/**
 * The passages of the caller's knowledge base that best match a prompt, through match_knowledge
 * called with the caller's access token (row-level security keeps it to their own documents); a
 * sentence when the search failed.
 */
export async function passagesFor(token: string, prompt: string, scope: KnowledgeScope): Promise<KnowledgePassage[] | string> {
  const { data, error } = await callerDb(token).rpc('match_knowledge', {
    query: retrievalQuery(prompt),
    selection: scope.kind,
    folder: scope.kind === 'folder' ? scope.folderId : undefined,
    match_count: PASSAGES,
  });
  if (error) return error.message || 'The knowledge base could not be searched.';
  return data.map(passageFrom);
}
