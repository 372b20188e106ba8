import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { groundedTask, retrievalQuery, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import type { KbSelection } from '@/shared/data/knowledge.ts';
import { searchKnowledge } from '@/shared/data/knowledgeSearch.ts';
import { ok, type DataResult } from '@/shared/data/result.ts';
import { knowledgeQueries } from '../queries/knowledge.ts';
import type { DataClient } from '../query.ts';

/** A task with the knowledge-base passages retrieved for it, ready to send. */
export interface Grounding {
  prompt: string;
  passages: KnowledgePassage[];
}

/**
 * Whether, and from which part of the knowledge base, a generator grounds what it sends: none by
 * default. The folders and documents are read only when signed in.
 */
export function useKnowledgeChoice(client: DataClient, signedIn: boolean) {
  const [selection, setSelection] = useState<KbSelection | null>(null);
  const base = useQuery({ ...knowledgeQueries.list(client), enabled: signedIn });
  return {
    client,
    selection,
    setSelection,
    folders: base.data?.folders ?? [],
    /** null while the knowledge base loads. */
    documentCount: base.data ? base.data.documents.length : null,
    /** The task with the passages that best match it, or the task alone when nothing is chosen. */
    async ground(task: string): Promise<DataResult<Grounding>> {
      if (!selection) return ok({ prompt: task, passages: [] });
      const found = await searchKnowledge(await client(), retrievalQuery(task), { selection });
      if (found.error) return found;
      return ok({ prompt: groundedTask(task, found.data), passages: found.data });
    },
  };
}

export type KnowledgeChoice = ReturnType<typeof useKnowledgeChoice>;
