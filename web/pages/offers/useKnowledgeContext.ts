import { useCallback, useEffect, useMemo, useState } from 'react';
import { knowledgeBudgetChars, knowledgeContext, type KnowledgeContext, type KnowledgeDocument } from '../../../shared/core/offers/prompts.ts';
import { getKbSelection, listKnowledge, selectedDocuments, type KbSelection } from '../../../shared/data/knowledge.ts';
import { supabase } from '../../lib/supabase.ts';

export type KnowledgeState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `source` names what the knowledge-base selection feeds in ('All documents', a folder's name…). */
  | { status: 'ready'; context: KnowledgeContext; source: string };

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; documents: KnowledgeDocument[]; source: string };

function sourceLabel(selection: KbSelection, folders: { id: string; name: string }[]): string {
  if (selection.kind === 'all') return 'All documents';
  if (selection.kind === 'uncategorized') return 'Uncategorized documents';
  return `Folder "${folders.find((f) => f.id === selection.folderId)?.name ?? 'Unknown'}"`;
}

/** The knowledge-base documents chosen on /knowledge-base, as prompt context cut to the chosen model's budget. */
export function useKnowledgeContext(model: string) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const load = useCallback(async () => {
    setLoaded({ status: 'loading' });
    const [all, selected] = await Promise.all([listKnowledge(supabase), getKbSelection(supabase)]);
    if (all.error) return setLoaded({ status: 'error', message: all.error.message });
    const selection: KbSelection = selected.data ?? { kind: 'all' };
    setLoaded({ status: 'ready', documents: selectedDocuments(all.data.documents, selection), source: sourceLabel(selection, all.data.folders) });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const budget = knowledgeBudgetChars(model);
  const state: KnowledgeState = useMemo(
    () => (loaded.status === 'ready' ? { status: 'ready', context: knowledgeContext(loaded.documents, budget), source: loaded.source } : loaded),
    [loaded, budget],
  );
  return { state, reload: load, context: state.status === 'ready' && state.context.text ? state.context : null };
}
