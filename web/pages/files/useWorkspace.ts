import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentIds, type TreeResult, type WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';
import { mergeStructures, type ConflictChoice, type MergeResult } from '@/shared/core/workspaces/merge.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import { saveWorkspaceEdit, type EditSave, type Workspace } from '@/shared/data/workspaces.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { errorMessage } from '@/shared/ui/query.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { documentQueries } from '@/web/queries/documents.ts';
import { useWorkspaceSaved, workspaceQueries } from '@/web/queries/workspaces.ts';

type LoadState = { status: 'loading' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'ready' };
export type SaveState = 'saved' | 'saving' | 'error' | 'gone';

/** Both tabs changed the same thing: the user decides each conflict, then the merge is saved. */
export interface PendingConflict {
  merge: MergeResult;
  base: Workspace;
  mine: WorkspaceStructure;
}

/**
 * One workspace page's state. Every tree change is applied here at once and saved right after
 * (one save at a time; changes made meanwhile follow in the next). A save that finds another tab's
 * version merges the two (shared/data/workspaces.ts saveWorkspaceEdit); real conflicts wait in
 * `conflict` for the user's choices. Coming back to the tab picks up another tab's saved changes.
 */
export function useWorkspace(workspaceId: string, userId: string, editableTeamId: string | null = null) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(workspaceQueries.detail(workspaceId));
  const cacheSaved = useWorkspaceSaved();
  const [workspace, setWorkspace] = useState<Workspace | null>(null);
  const [structure, setStructure] = useState<WorkspaceStructure>([]);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const saved = useRef<Workspace | null>(null);
  const draft = useRef<WorkspaceStructure>([]);
  const saving = useRef(false);
  const blocked = useRef(false);

  const setDraft = (next: WorkspaceStructure) => {
    draft.current = next;
    setStructure(next);
  };
  const adopt = (next: Workspace) => {
    saved.current = next;
    setWorkspace(next);
  };
  /** A version this tab saved: the cached workspace follows it, and the file manager's lists read again. */
  const adoptSaved = (next: Workspace) => {
    adopt(next);
    cacheSaved(next);
  };

  // The workspace as read: another workspace (or the first reading) is taken as it is; a newer
  // version of this one (another tab's save, read on coming back) only when nothing is unsaved here.
  const read = query.data;
  /** The address (workspaceId) whose workspace this page holds. */
  const [heldFor, setHeldFor] = useState<string | null>(null);
  useEffect(() => {
    if (!read) return;
    const held = saved.current;
    if (held?.id === read.id) {
      if (read.version <= held.version || saving.current || blocked.current || draft.current !== held.structure) return;
    } else {
      setSaveState('saved');
    }
    adopt(read);
    setDraft(read.structure);
    setHeldFor(workspaceId);
  }, [read, workspaceId]);

  // The documents the files point at (names, download counters), read again when the set changes
  // (what was read stays meanwhile). Only a hint: when it cannot be read, files show no names.
  const ids = useMemo(() => [...new Set(documentIds(structure))].sort(), [structure]);
  const documentsOptions = documentQueries.byIds(ids);
  const documentsQuery = useQuery({ ...documentsOptions, enabled: ids.length > 0, placeholderData: keepPreviousData });
  const documents = useMemo<ReadonlyMap<string, DocumentSummary>>(
    () => new Map((documentsQuery.data ?? []).map((d) => [d.id, d] as const)),
    [documentsQuery.data],
  );

  /** Takes a save's answer; returns whether more local changes are waiting to be saved. */
  const settle = (sent: WorkspaceStructure, result: EditSave): boolean => {
    if (result.status === 'gone') {
      setSaveState('gone');
      blocked.current = true;
      return false;
    }
    if (result.status === 'conflicts') {
      setConflict({ merge: result.merge, base: saved.current!, mine: sent });
      blocked.current = true;
      return false;
    }
    adoptSaved(result.workspace);
    if (result.merged)
      notify({ title: 'Merged with another tab', description: 'Changes saved in another tab were kept together with yours.' });
    if (draft.current === sent) {
      setDraft(result.workspace.structure);
      return false;
    }
    // Changes made while saving: replay them on top of what was saved.
    setDraft(mergeStructures(sent, draft.current, result.workspace.structure).structure);
    return true;
  };

  const flush = useCallback(async () => {
    if (saving.current || blocked.current) return;
    saving.current = true;
    try {
      while (saved.current && draft.current !== saved.current.structure) {
        setSaveState('saving');
        const sent = draft.current;
        const result = await saveWorkspaceEdit(supabase, saved.current, sent);
        if (result.error) {
          setSaveState('error');
          notify({ title: 'Error saving workspace', description: result.error.message, variant: 'destructive' });
          return;
        }
        if (!settle(sent, result.data)) break;
      }
      if (!blocked.current) setSaveState('saved');
    } finally {
      saving.current = false;
    }
    // settle() works on refs and stable setters only, so the first render's copy serves.
  }, [notify]);

  // Back in this tab with nothing unsaved: read again to pick up what another tab saved (taken above).
  const { refetch } = query;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || saving.current || blocked.current || !saved.current) return;
      if (draft.current !== saved.current.structure) return;
      void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [refetch]);

  // Others' workspaces are read-only, except the team's for its editors.
  const readOnly = workspace !== null && workspace.userId !== userId && (workspace.teamId === null || workspace.teamId !== editableTeamId);
  // Ready once this page holds the workspace (the effect above takes a reading in the render after
  // it arrives); a later reading that fails or finds it gone leaves it on screen (a save says 'gone').
  const load: LoadState =
    workspace && heldFor === workspaceId
      ? { status: 'ready' }
      : read === null
        ? { status: 'missing' }
        : query.status === 'error' && !query.isFetching
          ? { status: 'error', message: errorMessage(query.error) }
          : { status: 'loading' };

  return {
    load,
    reload: () => void refetch(),
    workspace,
    structure,
    readOnly,
    saveState,
    conflict,
    documents,
    /** Applies a tree change and saves it; answers the refusal message, or null. */
    apply(change: (structure: WorkspaceStructure) => TreeResult): string | null {
      if (readOnly || blocked.current) return 'This workspace cannot be changed right now.';
      const result = change(draft.current);
      if (!result.ok) return result.error;
      setDraft(result.value);
      void flush();
      return null;
    },
    /** Saves again after a failed save. */
    retry: () => void flush(),
    /** Finishes a conflicting merge with the user's choice per conflict key. */
    async resolve(choices: Record<string, ConflictChoice>): Promise<void> {
      if (!conflict) return;
      setSaveState('saving');
      const result = await saveWorkspaceEdit(supabase, conflict.base, conflict.mine, choices);
      if (result.error) {
        setSaveState('error');
        notify({ title: 'Error saving workspace', description: result.error.message, variant: 'destructive' });
        return;
      }
      setConflict(null);
      blocked.current = false;
      if (settle(conflict.mine, result.data)) void flush();
      else if (!blocked.current) setSaveState('saved');
    },
    /** A document's counter after a download. */
    updateDocument(doc: Pick<DocumentSummary, 'id'> & Partial<DocumentSummary>) {
      queryClient.setQueryData(documentsOptions.queryKey, (current) =>
        current?.map((known) => (known.id === doc.id ? { ...known, ...doc } : known)),
      );
    },
  };
}
