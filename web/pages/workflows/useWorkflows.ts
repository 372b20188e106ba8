import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SavedWorkflow } from '@/shared/data/workflows.ts';
import { useDeleteWorkflowMutation, useDuplicateWorkflowMutation, workflowQueries } from '@/shared/ui/queries/workflows.ts';
import { webData } from '../run/runSide.ts';

/** The signed-in user's workflows (last changed first), with duplicate and delete. */
export function useWorkflows() {
  const query = useQuery(workflowQueries.list(webData));
  const { mutateAsync: duplicateWorkflow } = useDuplicateWorkflowMutation(webData);
  const { mutateAsync: deleteWorkflow } = useDeleteWorkflowMutation(webData);

  const duplicate = useCallback(
    async (workflow: SavedWorkflow) => {
      if (!workflow.definition) return;
      await duplicateWorkflow({ workflow, definition: workflow.definition }).catch(() => undefined);
    },
    [duplicateWorkflow],
  );

  const remove = useCallback(
    async (workflow: SavedWorkflow) => {
      await deleteWorkflow(workflow).catch(() => undefined);
    },
    [deleteWorkflow],
  );

  return { query, duplicate, remove };
}
