import { queryOptions } from '@tanstack/react-query';
import { listModels } from '@/shared/ai/keyTest.ts';
import type { ProviderTarget } from '@/shared/ai/providers.ts';
import { getKbDocument, getKbSelection, listKnowledge, type KbDocument, type KbFolder, type KbSelection } from '@/shared/data/knowledge.ts';
import { unwrap, type DataClient } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

/** The folders and documents (what a generator, a workflow step or a question chooses from). */
export interface KnowledgeList {
  folders: KbFolder[];
  documents: KbDocument[];
}

/** The folders and documents with the saved selection (the Knowledge Base page, and what the offer builder feeds in). */
export interface KnowledgeBase extends KnowledgeList {
  selection: KbSelection;
}

async function loadKnowledgeBase(client: DataClient): Promise<KnowledgeBase> {
  const supabase = await client();
  const [all, selected] = await Promise.all([listKnowledge(supabase), getKbSelection(supabase)]);
  const { folders, documents } = unwrap(all);
  return { folders, documents, selection: selected.data ?? { kind: 'all' } };
}

/** The knowledge base's server state. `base` and `list` are two keys because they hold two shapes. */
export const knowledgeQueries = {
  base: (client: DataClient) => queryOptions({ queryKey: queryKeys.knowledge.base(), queryFn: () => loadKnowledgeBase(client) }),
  list: (client: DataClient) =>
    queryOptions({
      queryKey: queryKeys.knowledge.list(),
      queryFn: async (): Promise<KnowledgeList> => unwrap(await listKnowledge(await client())),
    }),
  document: (client: DataClient, id: string) =>
    queryOptions({ queryKey: queryKeys.knowledge.document(id), queryFn: async () => unwrap(await getKbDocument(await client(), id)) }),
  /** A model list does not change while the page is open: read once per base URL. */
  embeddingModels: (target: ProviderTarget) =>
    queryOptions({
      queryKey: queryKeys.knowledge.embeddingModels(target.customBaseUrl ?? ''),
      queryFn: () => listModels(target),
      staleTime: Infinity,
    }),
};
