import {
  passageFrom,
  retrievalQuery,
  type KnowledgePassage,
  type KnowledgeScope,
  type MatchedRow,
} from '@/shared/core/knowledge/grounding.ts';
import { rest } from './http.ts';

/** How many passages go with a prompt. */
const PASSAGES = 5;

/**
 * The passages of the caller's knowledge base that best match a prompt, through match_knowledge
 * called with the caller's access token (row-level security keeps it to their own documents); a
 * sentence when the search failed.
 */
export async function passagesFor(token: string, prompt: string, scope: KnowledgeScope): Promise<KnowledgePassage[] | string> {
  const answer = await rest(
    'rpc/match_knowledge',
    {
      method: 'POST',
      body: JSON.stringify({
        query: retrievalQuery(prompt),
        selection: scope.kind,
        folder: scope.kind === 'folder' ? scope.folderId : null,
        match_count: PASSAGES,
      }),
    },
    token,
  );
  if (!answer.ok) return (answer.body as { message?: string } | null)?.message ?? 'The knowledge base could not be searched.';
  return (answer.body as MatchedRow[]).map(passageFrom);
}
