import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { knowledgeBudgetChars, knowledgeContext, type KnowledgeContext } from '@/shared/core/offers/prompts.ts';
import { selectedDocuments, type KbSelection } from '@/shared/data/knowledge.ts';
import { knowledgeQueries } from '@/shared/ui/queries/knowledge.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { webData } from '../run/runSide.ts';

export type KnowledgeState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `source` names what the knowledge-base selection feeds in ('All documents', a folder's name…). */
  | { status: 'ready'; context: KnowledgeContext; source: string };

function sourceLabel(selection: KbSelection, folders: { id: string; name: string }[]): string {
  if (selection.kind === 'all') return 'All documents';
  if (selection.kind === 'uncategorized') return 'Uncategorized documents';
  return `Folder "${folders.find((f) => f.id === selection.folderId)?.name ?? 'Unknown'}"`;
}

/**
 * The knowledge-base documents chosen on /knowledge-base, as prompt context cut to the chosen model's
 * budget. The same query as the knowledge base page's, so a change made there is seen here.
 */
export function useKnowledgeContext(model: string) {
  const query = useQuery(knowledgeQueries.base(webData));
  const budget = knowledgeBudgetChars(model);
  const { data, status, error, isFetching } = query;
  const state = useMemo<KnowledgeState>(() => {
    if (data) {
      const documents = selectedDocuments(data.documents, data.selection);
      return { status: 'ready', context: knowledgeContext(documents, budget), source: sourceLabel(data.selection, data.folders) };
    }
    return status === 'error' && !isFetching ? { status: 'error', message: errorMessage(error) } : { status: 'loading' };
  }, [data, status, error, isFetching, budget]);
  return { state, reload: () => void query.refetch(), context: state.status === 'ready' && state.context.text ? state.context : null };
}
