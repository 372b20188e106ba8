import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { createWorkflow, updateWorkflow, type SavedWorkflow } from '@/shared/data/workflows.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import type { BuilderDraft } from './useBuilderDraft.ts';

/** Saves the draft as a new workflow or over the saved one; answers the saved workflow, or null (with a toast) on failure. */
export function useSaveWorkflow(workflowId: string | null) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = async (draft: BuilderDraft): Promise<SavedWorkflow | null> => {
    setSaving(true);
    const result = workflowId ? await updateWorkflow(supabase, workflowId, draft) : await createWorkflow(supabase, draft);
    setSaving(false);
    if (result.error) {
      notify({ title: BUILDER_TEXTS.saveFailed, description: result.error.message, variant: 'destructive' });
      return null;
    }
    queryClient.setQueryData(queryKeys.workflows.detail(result.data.id), result.data);
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.all });
    notify({ title: BUILDER_TEXTS.saved, description: `“${result.data.name}”` });
    return result.data;
  };

  return { save, saving };
}
