import { useQuery } from '@tanstack/react-query';
import { Box, MenuItem, TextField } from '@mui/material';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import type { ForEachSettings, WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_LIMITS } from '@/shared/core/workflows/limits.ts';
import { knowledgeQueries } from '@/shared/ui/queries/knowledge.ts';
import { webData } from '../run/runSide.ts';

const NONE = 'none';
const knowledgeValue = (k: WorkflowStep['knowledge']) => (!k ? NONE : k.kind === 'folder' ? k.folderId : k.kind);

/** A step's model override and knowledge base (same folders as the generators' knowledge-base choice). */
export function StepModelAndKnowledge({
  step,
  idPrefix,
  readOnly,
  onChange,
}: {
  step: WorkflowStep;
  idPrefix: string;
  readOnly: boolean;
  onChange: (patch: Partial<WorkflowStep>) => void;
}) {
  const base = useQuery(knowledgeQueries.list(webData));
  const folders = base.data?.folders ?? [];
  const value = knowledgeValue(step.knowledge);
  // A folder deleted since the step was saved still shows, so the choice is not silently lost.
  const missingFolder = step.knowledge?.kind === 'folder' && !folders.some((f) => f.id === value);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TextField
        size="small"
        id={`${idPrefix}-model`}
        label={BUILDER_TEXTS.modelOverride}
        helperText={BUILDER_TEXTS.modelOverrideHelp}
        value={step.model ?? ''}
        disabled={readOnly}
        onChange={(e) => onChange({ model: e.target.value.trim() ? e.target.value : null })}
      />
      <TextField
        select
        size="small"
        id={`${idPrefix}-knowledge`}
        label={BUILDER_TEXTS.knowledge}
        helperText={BUILDER_TEXTS.knowledgeHelp}
        value={value}
        disabled={readOnly}
        onChange={(e) => {
          const v = e.target.value;
          onChange({ knowledge: v === NONE ? null : v === 'all' || v === 'uncategorized' ? { kind: v } : { kind: 'folder', folderId: v } });
        }}
      >
        <MenuItem value={NONE}>{BUILDER_TEXTS.knowledgeNone}</MenuItem>
        <MenuItem value="all">{BUILDER_TEXTS.knowledgeAll}</MenuItem>
        <MenuItem value="uncategorized">{BUILDER_TEXTS.knowledgeUncategorized}</MenuItem>
        {folders.map((folder) => (
          <MenuItem key={folder.id} value={folder.id}>
            {folder.name}
          </MenuItem>
        ))}
        {missingFolder && <MenuItem value={value}>{value}</MenuItem>}
      </TextField>
    </Box>
  );
}

/** A "for each" step's source (an earlier step), how its output is split, and how many items run at once. */
export function ForEachFields({
  settings,
  earlier,
  idPrefix,
  readOnly,
  onChange,
}: {
  settings: ForEachSettings | null;
  earlier: string[];
  idPrefix: string;
  readOnly: boolean;
  onChange: (settings: ForEachSettings) => void;
}) {
  const current: ForEachSettings = settings ?? { source: earlier[earlier.length - 1] ?? '', split: 'lines', concurrency: 3 };
  const sources = current.source && !earlier.includes(current.source) ? [...earlier, current.source] : earlier;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
      <TextField
        select
        size="small"
        id={`${idPrefix}-source`}
        label={BUILDER_TEXTS.forEachSource}
        value={current.source}
        disabled={readOnly}
        helperText={earlier.length ? BUILDER_TEXTS.forEachHelp : BUILDER_TEXTS.noEarlierStep}
        onChange={(e) => onChange({ ...current, source: e.target.value })}
      >
        {sources.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        id={`${idPrefix}-split`}
        label={BUILDER_TEXTS.forEachSplit}
        value={current.split}
        disabled={readOnly}
        onChange={(e) => onChange({ ...current, split: e.target.value === 'json' ? 'json' : 'lines' })}
      >
        <MenuItem value="lines">{BUILDER_TEXTS.splitLines}</MenuItem>
        <MenuItem value="json">{BUILDER_TEXTS.splitJson}</MenuItem>
      </TextField>
      <TextField
        size="small"
        type="number"
        id={`${idPrefix}-concurrency`}
        label={BUILDER_TEXTS.concurrency}
        value={current.concurrency}
        disabled={readOnly}
        slotProps={{ htmlInput: { min: 1, max: WORKFLOW_LIMITS.maxConcurrency, step: 1 } }}
        onChange={(e) => {
          const n = Math.round(Number(e.target.value));
          if (Number.isFinite(n)) onChange({ ...current, concurrency: Math.min(WORKFLOW_LIMITS.maxConcurrency, Math.max(1, n)) });
        }}
      />
    </Box>
  );
}
