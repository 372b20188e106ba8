import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { copyName } from '@/shared/core/workflows/builder.ts';
import { createWorkflow, deleteWorkflow, type SavedWorkflow } from '@/shared/data/workflows.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { workflowQueries } from '@/shared/ui/queries/workflows.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { webData } from '../run/runSide.ts';

/** The signed-in user's workflows (last changed first), with duplicate and delete. */
export function useWorkflows() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(workflowQueries.list(webData));
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.workflows.all }), [queryClient]);

  const duplicate = useCallback(
    async (workflow: SavedWorkflow) => {
      if (!workflow.definition) return;
      const result = await createWorkflow(supabase, {
        name: copyName(workflow.name),
        description: workflow.description,
        definition: workflow.definition,
      });
      if (result.error) return notify({ title: BUILDER_TEXTS.duplicateFailed, description: result.error.message, variant: 'destructive' });
      notify({ title: BUILDER_TEXTS.duplicated, description: `“${result.data.name}”` });
      await refresh();
    },
    [notify, refresh],
  );

  const remove = useCallback(
    async (workflow: SavedWorkflow) => {
      const result = await deleteWorkflow(supabase, workflow.id);
      if (result.error) return notify({ title: BUILDER_TEXTS.deleteFailed, description: result.error.message, variant: 'destructive' });
      notify({ title: BUILDER_TEXTS.deleted, description: `“${workflow.name}”` });
      await refresh();
    },
    [notify, refresh],
  );

  return { query, duplicate, remove };
}
