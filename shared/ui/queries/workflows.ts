import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { copyName } from '@/shared/core/workflows/builder.ts';
import { WORKFLOW_PAGE_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { describeSchedule, type WorkflowSchedule } from '@/shared/core/workflows/schedule.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import { getPicture, pictureUrls } from '@/shared/data/generatedImages.ts';
import { deleteWorkflowRun, editStepOutput, getWorkflowRun, listWorkflowRuns, type RunSummary } from '@/shared/data/workflowRuns.ts';
import { clearSchedule, saveSchedule } from '@/shared/data/workflowSchedules.ts';
import {
  createWorkflow,
  deleteWorkflow,
  getWorkflow,
  listWorkflows,
  updateWorkflow,
  type SavedWorkflow,
  type WorkflowDraft,
} from '@/shared/data/workflows.ts';
import { useNotify } from '../notices.tsx';
import { unwrap, type DataClient } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

/** The user's workflows, one workflow, a workflow's (or a template's) run history, and one run. */
export const workflowQueries = {
  list: (client: DataClient) =>
    queryOptions({ queryKey: queryKeys.workflows.list(), queryFn: async () => unwrap(await listWorkflows(await client())) }),
  detail: (client: DataClient, id: string) =>
    queryOptions({ queryKey: queryKeys.workflows.detail(id), queryFn: async () => unwrap(await getWorkflow(await client(), id)) }),
  runs: (client: DataClient, source: { workflowId: string } | { templateId: string }) =>
    queryOptions({
      queryKey: queryKeys.workflows.runs(source),
      queryFn: async () => unwrap(await listWorkflowRuns(await client(), source)),
    }),
  run: (client: DataClient, id: string) =>
    queryOptions({ queryKey: queryKeys.workflows.run(id), queryFn: async () => unwrap(await getWorkflowRun(await client(), id)) }),
  /** An image step's picture with the address it shows at (null once deleted from the gallery; url null: no file). */
  stepPicture: (client: DataClient, imageId: string) =>
    queryOptions({
      // Under the pictures' keys: a picture deleted from the gallery is read again here too.
      queryKey: queryKeys.pictures.step(imageId),
      queryFn: async () => {
        const db = await client();
        const image = unwrap(await getPicture(db, imageId));
        if (!image) return null;
        const urls = unwrap(await pictureUrls(db, [image.path]));
        return { ...image, url: urls[image.path] ?? null };
      },
      // Signed addresses last an hour; they are asked for again well before.
      staleTime: 30 * 60 * 1000,
    }),
};

/** Saves a draft as a new workflow, or over `workflowId`; the saved one is cached and every workflow list read again. */
export function useSaveWorkflowMutation(client: DataClient, workflowId: string | null) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (draft: WorkflowDraft) =>
      unwrap(workflowId ? await updateWorkflow(await client(), workflowId, draft) : await createWorkflow(await client(), draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData(workflowQueries.detail(client, saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.all });
      notify({ title: BUILDER_TEXTS.saved, description: `“${saved.name}”` });
    },
    onError: (error) => notify({ title: BUILDER_TEXTS.saveFailed, description: error.message, variant: 'destructive' }),
  });
}

/** Duplicates a saved workflow ("… (copy)"); the workflows are read again after its notice. */
export function useDuplicateWorkflowMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ workflow, definition }: { workflow: SavedWorkflow; definition: NonNullable<SavedWorkflow['definition']> }) =>
      unwrap(await createWorkflow(await client(), { name: copyName(workflow.name), description: workflow.description, definition })),
    onSuccess: async (copy) => {
      notify({ title: BUILDER_TEXTS.duplicated, description: `“${copy.name}”` });
      await queryClient.invalidateQueries({ queryKey: queryKeys.workflows.all });
    },
    onError: (error) => notify({ title: BUILDER_TEXTS.duplicateFailed, description: error.message, variant: 'destructive' }),
  });
}

/** Deletes a saved workflow; the workflows are read again after its notice. */
export function useDeleteWorkflowMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (workflow: SavedWorkflow) => unwrap(await deleteWorkflow(await client(), workflow.id)),
    onSuccess: async (_done, workflow) => {
      notify({ title: BUILDER_TEXTS.deleted, description: `“${workflow.name}”` });
      await queryClient.invalidateQueries({ queryKey: queryKeys.workflows.all });
    },
    onError: (error) => notify({ title: BUILDER_TEXTS.deleteFailed, description: error.message, variant: 'destructive' }),
  });
}

/** A schedule saved on a workflow, or taken off it. */
export type ScheduleChange =
  { kind: 'save'; workflow: SavedWorkflow; schedule: WorkflowSchedule } | { kind: 'remove'; workflow: SavedWorkflow };

/**
 * Saves or removes a workflow's schedule; the workflow as saved is cached and the list read again.
 * A failure is the caller's to show (the card shows it in place), so only a success has a notice.
 */
export function useScheduleMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (change: ScheduleChange) =>
      unwrap(
        change.kind === 'save'
          ? await saveSchedule(await client(), change.workflow, change.schedule)
          : await clearSchedule(await client(), change.workflow),
      ),
    onSuccess: (saved, change) => {
      queryClient.setQueryData(workflowQueries.detail(client, saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.list() });
      notify(
        change.kind === 'save'
          ? { title: SCHEDULE_TEXTS.saved, description: describeSchedule(change.schedule) }
          : { title: SCHEDULE_TEXTS.removed },
      );
    },
  });
}

/** Deletes a run from a history; every workflow view is read again. */
export function useDeleteWorkflowRunMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (run: RunSummary) => unwrap(await deleteWorkflowRun(await client(), run.id)),
    onSuccess: () => {
      notify({ title: WORKFLOW_PAGE_TEXTS.deleted });
      void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.all });
    },
    onError: (error) => notify({ title: error.message, variant: 'destructive' }),
  });
}

/**
 * Saves a step's edited output on its run. The run on screen is the caller's to update, and a
 * failure is shown on the step card, so there is no notice here.
 */
export function useEditStepOutputMutation(client: DataClient) {
  return useMutation({
    mutationFn: async ({ runId, position, output }: { runId: string; position: number; output: string }) =>
      unwrap(await editStepOutput(await client(), runId, position, output)),
  });
}
