import type { SavedWorkflow } from '@/shared/data/workflows.ts';
import { useSaveWorkflowMutation } from '@/shared/ui/queries/workflows.ts';
import { webData } from '../run/runSide.ts';
import type { BuilderDraft } from './useBuilderDraft.ts';

/** Saves the draft as a new workflow or over the saved one; answers the saved workflow, or null (with a toast) on failure. */
export function useSaveWorkflow(workflowId: string | null) {
  const { mutateAsync, isPending } = useSaveWorkflowMutation(webData, workflowId);
  const save = (draft: BuilderDraft): Promise<SavedWorkflow | null> => mutateAsync(draft).catch(() => null);
  return { save, saving: isPending };
}
