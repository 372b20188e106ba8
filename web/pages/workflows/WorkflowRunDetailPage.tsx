import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { PROVIDER_IDS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { labelForValueId } from '@/shared/core/runPrompt.ts';
import { ROUTES, workflowRunPath, workflowTemplateRunPath } from '@/shared/core/routes.ts';
import { leaseLeftMs } from '@/shared/core/workflows/resume.ts';
import { WORKFLOW_PAGE_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import type { WorkflowRun } from '@/shared/data/workflowRuns.ts';
import { workflowQueries } from '@/shared/ui/queries/workflows.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { relativeTime } from '@/shared/ui/time.ts';
import { useStepUsage } from '@/shared/ui/usage/useStepUsage.ts';
import { useWorkflowRun } from '@/shared/ui/workflows/useWorkflowRun.ts';
import { WorkflowRunView } from '@/shared/ui/workflows/WorkflowRunView.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProfile } from '@/web/lib/sessionState.ts';
import { useRunOutputActions, webData } from '../run/runSide.ts';
import { RunTargetFields } from './RunTargetFields.tsx';
import { RUN_PICTURES } from './runPictures.tsx';
import { useRunTarget } from './useRunTarget.ts';

/** /workflows/runs/:runId — one run from the history: every step's input and output; retry, edit and continue, resume one cut off. */
export function WorkflowRunDetailPage() {
  const { runId = '' } = useParams();
  const query = useQuery(workflowQueries.run(webData, runId));
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      {query.isError && (
        <PageHeader
          title={WORKFLOW_PAGE_TEXTS.runUnavailable}
          actions={
            <Button component={RouterLink} to={ROUTES.workflows} startIcon={<ArrowBackIcon />}>
              {WORKFLOW_PAGE_TEXTS.back}
            </Button>
          }
        />
      )}
      <QueryState query={query} loadingLabel={WORKFLOW_PAGE_TEXTS.runLoading} errorText={WORKFLOW_PAGE_TEXTS.runError}>
        {(run) => <StoredRun run={run} />}
      </QueryState>
    </Container>
  );
}

const providerOf = (id: string): ProviderId | null => PROVIDER_IDS.find((p) => p === id) ?? null;

function StoredRun({ run }: { run: WorkflowRun }) {
  const viewOnly = useProfile()?.role === 'view_only';
  const live = useWorkflowRun(webData, run.definition);
  const target = useRunTarget({ provider: providerOf(run.provider), model: run.model });
  const actions = useRunOutputActions();
  const { load, running } = live;
  // The stored run is shown, and followed as it is saved (a run going on in another tab or a
  // schedule, read again on each change), until this page continues it: then the stream this
  // page follows is the newer view, and the saved copies arriving meanwhile wait for its end.
  const runningHere = useRef(running);
  useEffect(() => {
    runningHere.current = running;
  }, [running]);
  useEffect(() => {
    if (!runningHere.current) load(run);
    // A segment cut off elsewhere saves nothing more: look again when its lease expires, when the
    // run shows as interrupted, with Resume (a segment still alive has renewed it by then, and the
    // run read again).
    const left = leaseLeftMs(run, Date.now());
    if (left === null) return;
    const timer = setTimeout(() => {
      if (!runningHere.current) load(run);
    }, left + 250);
    return () => clearTimeout(timer);
  }, [load, run]);
  const backTo = run.workflowId
    ? workflowRunPath(run.workflowId)
    : run.templateId
      ? workflowTemplateRunPath(run.templateId)
      : ROUTES.workflows;
  const values = Object.entries(run.fieldValues).filter(([, v]) => v.trim());
  // Read again whenever the run may have made calls: its saved state, or this page's stream ending.
  const stepUsage = useStepUsage(
    webData,
    run.id,
    `${run.status}:${run.finishedAt}:${run.leaseExpiresAt}:${live.running}:${live.state.status}`,
  );
  return (
    <>
      <PageHeader
        title={WORKFLOW_PAGE_TEXTS.runTitle(run.name)}
        subtitle={`${WORKFLOW_PAGE_TEXTS.runStarted(relativeTime(run.createdAt))} · ${WORKFLOW_PAGE_TEXTS.trigger[run.trigger]}`}
        actions={
          <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
            {WORKFLOW_PAGE_TEXTS.backToWorkflow}
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              {values.length > 0 && (
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
                  {values.map(([id, value]) => (
                    <Box key={id} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                        {labelForValueId(id)}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {value.length > 300 ? `${value.slice(0, 300)}…` : value}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              )}
              <RunTargetFields run={target} idPrefix="workflow-run" />
            </Stack>
          </CardContent>
        </Card>
        <WorkflowRunView
          name={run.name}
          state={live.state}
          running={live.running}
          onStop={live.stop}
          onContinue={(from) => void live.continueRun(target.target(), from)}
          onEdit={async (position, output) => (await live.editOutput(position, output))?.message ?? null}
          savingPosition={live.savingPosition}
          actions={actions}
          canSave={!viewOnly}
          stepUsage={stepUsage}
          pictures={RUN_PICTURES}
        />
        {live.refusal && <Typography color="error">{live.refusal.message}</Typography>}
      </Stack>
    </>
  );
}
