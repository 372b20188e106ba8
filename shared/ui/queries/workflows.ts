import { queryOptions } from '@tanstack/react-query';
import { getWorkflowRun, listWorkflowRuns } from '@/shared/data/workflowRuns.ts';
import { getWorkflow, listWorkflows } from '@/shared/data/workflows.ts';
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
};
