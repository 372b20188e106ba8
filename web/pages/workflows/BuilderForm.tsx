import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RepeatIcon from '@mui/icons-material/Repeat';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { PROVIDER_KEYS } from '@/shared/core/providerKeys.ts';
import { workflowEditPath, workflowRunPath } from '@/shared/core/routes.ts';
import {
  builderProblems,
  fieldsSummary,
  problemsOfStep,
  saveProblem,
  stepNameErrors,
  variableOptions,
} from '@/shared/core/workflows/builder.ts';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { WORKFLOW_LIMITS } from '@/shared/core/workflows/limits.ts';
import { workflowFields, workflowProblems } from '@/shared/core/workflows/variables.ts';
import { ModelPicker } from '@/shared/ui/ai/ModelPicker.tsx';
import { useDismissNotice } from '@/shared/ui/notices.tsx';
import { useAvailableKeys } from '@/web/pages/ideas/useAvailableKeys.ts';
import { BuilderStepCard } from './BuilderStepCard.tsx';
import { StepList } from './StepList.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import { useBuilderDraft, type BuilderDraft } from './useBuilderDraft.ts';
import { useSaveWorkflow } from './useSaveWorkflow.ts';

/** The builder's form: details, the run form summary, live problems, the steps, and Save (read-only for view_only). */
export function BuilderForm({ workflowId, initial, readOnly }: { workflowId: string | null; initial: BuilderDraft; readOnly: boolean }) {
  const state = useBuilderDraft(initial);
  const { draft } = state;
  const { definition } = draft;
  const keys = useAvailableKeys();
  const navigate = useNavigate();
  const { save, saving } = useSaveWorkflow(workflowId);
  const dismissNotice = useDismissNotice();

  const problems = useMemo(() => workflowProblems(definition), [definition]);
  const listed = useMemo(() => builderProblems(draft.name, definition), [draft.name, definition]);
  const cannotSave = listed.some((p) => p.blocksSave);
  const nameErrors = useMemo(() => stepNameErrors(definition), [definition]);
  const fields = useMemo(() => fieldsSummary(workflowFields(definition)), [definition]);
  const blocking = saveProblem(draft.name, definition);
  const dirty = useRef(false);
  dirty.current = state.dirty && !readOnly;

  const onSave = async () => {
    const saved = await save(draft);
    if (!saved) return null;
    state.markSaved(draft);
    dirty.current = false;
    if (!workflowId) void navigate(workflowEditPath(saved.id), { replace: true });
    return saved;
  };

  // Run a saved workflow from its builder: unsaved changes are saved first; the "saved" notice
  // makes way for the run.
  const onRun = async () => {
    if (!workflowId) return;
    if (state.dirty && !(await onSave())) return;
    dismissNotice();
    void navigate(workflowRunPath(workflowId));
  };

  const nameMissing = !draft.name.trim() && (state.dirty || workflowId !== null);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), blocking || readOnly || void onSave())}
      sx={{ display: 'grid', gap: 3 }}
    >
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <TextField
            id="workflow-name"
            label={BUILDER_TEXTS.nameLabel}
            value={draft.name}
            required
            disabled={readOnly}
            error={nameMissing}
            helperText={nameMissing ? blocking : undefined}
            slotProps={{ htmlInput: { maxLength: WORKFLOW_LIMITS.nameLength } }}
            onChange={(e) => state.setName(e.target.value)}
          />
          <TextField
            id="workflow-description"
            label={BUILDER_TEXTS.descriptionLabel}
            value={draft.description}
            disabled={readOnly}
            multiline
            maxRows={4}
            onChange={(e) => state.setDescription(e.target.value)}
          />
          <div>
            <Typography variant="subtitle2" component="p">
              {BUILDER_TEXTS.runsWith}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {BUILDER_TEXTS.runsWithHelp}
            </Typography>
            {readOnly ? (
              <Typography>
                {definition.provider ? PROVIDER_KEYS[definition.provider].label : '—'}
                {definition.model ? `, ${definition.model}` : ''}
              </Typography>
            ) : (
              <ModelPicker
                value={{ provider: definition.provider ?? 'openai', model: definition.model ?? '' }}
                available={keys.available}
                onChange={(choice) => state.setRunsWith(choice.provider, choice.model)}
                idPrefix="workflow"
                optionalModel
              />
            )}
          </div>
        </CardContent>
      </Card>

      <Box component="section" aria-labelledby="run-form-heading">
        <Typography id="run-form-heading" variant="h6" component="h2">
          {BUILDER_TEXTS.fieldsTitle}
        </Typography>
        <Typography color="text.secondary" data-testid="workflow-fields">
          {fields ?? BUILDER_TEXTS.noFields}
        </Typography>
      </Box>

      {!readOnly && listed.length > 0 && (
        <Alert severity={cannotSave ? 'error' : 'warning'} role="status" data-testid="workflow-problems">
          <AlertTitle>{cannotSave ? BUILDER_TEXTS.problemsSaveTitle : BUILDER_TEXTS.problemsTitle}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {listed.map((p, i) => (
              <li key={`${p.stepIndex}-${i}`}>{p.message}</li>
            ))}
          </Box>
          {!cannotSave && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {BUILDER_TEXTS.problemsSaveNote}
            </Typography>
          )}
        </Alert>
      )}

      <Box component="section" aria-labelledby="steps-heading" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="steps-heading" variant="h6" component="h2">
          {BUILDER_TEXTS.steps}
        </Typography>
        <StepList steps={definition.steps} onMove={state.move}>
          {definition.steps.map((step, index) => (
            <BuilderStepCard
              key={step.id}
              step={step}
              index={index}
              count={definition.steps.length}
              earlier={definition.steps.slice(0, index).map((s) => s.name)}
              variables={variableOptions(definition, index)}
              nameError={nameErrors.get(index) ?? null}
              problems={problemsOfStep(problems, definition, index)}
              readOnly={readOnly}
              canAdd={state.canAdd}
              onChange={(patch) => state.updateStep(index, patch)}
              onMove={(to) => state.move(index, to)}
              onDuplicate={() => state.duplicateAt(index)}
              onDelete={() => state.removeAt(index)}
            />
          ))}
        </StepList>
        {!readOnly && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" startIcon={<AddIcon />} disabled={!state.canAdd} onClick={() => state.addStep('prompt')}>
              {BUILDER_TEXTS.addPromptStep}
            </Button>
            <Button variant="outlined" startIcon={<RepeatIcon />} disabled={!state.canAdd} onClick={() => state.addStep('for_each')}>
              {BUILDER_TEXTS.addForEachStep}
            </Button>
            <Button variant="outlined" startIcon={<ImageIcon />} disabled={!state.canAdd} onClick={() => state.addStep('image')}>
              {BUILDER_TEXTS.addImageStep}
            </Button>
          </Stack>
        )}
      </Box>

      {!readOnly && (
        <Paper
          elevation={3}
          sx={{ position: 'sticky', bottom: 0, zIndex: 3, p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={Boolean(blocking) || saving || (workflowId !== null && !state.dirty)}
          >
            {saving ? BUILDER_TEXTS.saving : BUILDER_TEXTS.save}
          </Button>
          {workflowId !== null && (
            <Button variant="outlined" startIcon={<PlayArrowIcon />} disabled={Boolean(blocking) || saving} onClick={() => void onRun()}>
              {state.dirty ? BUILDER_TEXTS.saveAndRun : BUILDER_TEXTS.run}
            </Button>
          )}
          {blocking && (
            <Typography id="workflow-save-problem" color="error" variant="body2" sx={{ flex: '1 1 240px' }}>
              {BUILDER_TEXTS.cannotSave(blocking)}
            </Typography>
          )}
        </Paper>
      )}
      <UnsavedChangesGuard dirty={dirty} />
    </Box>
  );
}
