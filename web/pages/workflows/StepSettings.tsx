import { useQuery } from '@tanstack/react-query';
import { Box, FormControlLabel, FormHelperText, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { IMAGE_SHAPE_LABELS, IMAGE_SHAPES, imageSupport } from '@/shared/core/images/imageModels.ts';
import { PROVIDER_IDS, PROVIDER_KEYS, isProviderId } from '@/shared/core/providerKeys.ts';
import { WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import {
  DEFAULT_IMAGE_SETTINGS,
  imageStepProblem,
  type ForEachSettings,
  type ImageStepSettings,
  type WorkflowStep,
} from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_LIMITS } from '@/shared/core/workflows/limits.ts';
import { knowledgeQueries } from '@/shared/ui/queries/knowledge.ts';
import { webData } from '../run/runSide.ts';

const NONE = 'none';
const knowledgeValue = (k: WorkflowStep['knowledge']) => (!k ? NONE : k.kind === 'folder' ? k.folderId : k.kind);

/** A step's model override and knowledge base (same folders as the generators' knowledge-base choice), and a prompt step's web search. */
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
      {step.kind === 'prompt' && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormControlLabel
            control={
              <Switch
                id={`${idPrefix}-web-search`}
                checked={step.webSearch === true}
                disabled={readOnly}
                onChange={(e) => onChange({ webSearch: e.target.checked || undefined })}
                slotProps={{ input: { 'aria-describedby': `${idPrefix}-web-search-help` } }}
              />
            }
            label={WEB_SEARCH_TEXTS.switchLabel}
          />
          <FormHelperText id={`${idPrefix}-web-search-help`} sx={{ mt: 0 }}>
            {BUILDER_TEXTS.webSearchHelp}
          </FormHelperText>
        </Box>
      )}
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

/**
 * An image step's picture settings: the provider (every provider is listed, so a saved step on one
 * without image models shows why it is refused), its image model and the shape; one picture a run.
 */
export function ImageStepFields({
  settings,
  idPrefix,
  readOnly,
  onChange,
}: {
  settings: ImageStepSettings | null | undefined;
  idPrefix: string;
  readOnly: boolean;
  onChange: (settings: ImageStepSettings) => void;
}) {
  const current = settings ?? DEFAULT_IMAGE_SETTINGS;
  const support = imageSupport(current.provider);
  const models = support.ok ? support.value : [];
  const modelOptions = current.model && !models.includes(current.model) ? [...models, current.model] : models;
  const problem = imageStepProblem(current);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, alignItems: 'start' }}>
        <TextField
          select
          size="small"
          id={`${idPrefix}-image-provider`}
          label={BUILDER_TEXTS.imageProvider}
          value={current.provider}
          disabled={readOnly}
          error={!support.ok}
          onChange={(e) => {
            const provider = isProviderId(e.target.value) ? e.target.value : 'openai';
            const drawn = imageSupport(provider);
            onChange({ ...current, provider, model: drawn.ok ? drawn.value[0]! : current.model });
          }}
        >
          {PROVIDER_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {PROVIDER_KEYS[id].label}
              {id !== 'openai' && id !== 'gemini' && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  ({BUILDER_TEXTS.imageNoModels})
                </Typography>
              )}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id={`${idPrefix}-image-model`}
          label={BUILDER_TEXTS.imageModel}
          value={modelOptions.includes(current.model) ? current.model : ''}
          disabled={readOnly || modelOptions.length === 0}
          error={support.ok && Boolean(problem)}
          onChange={(e) => onChange({ ...current, model: e.target.value })}
        >
          {modelOptions.map((model) => (
            <MenuItem key={model} value={model}>
              {model}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id={`${idPrefix}-image-shape`}
          label={BUILDER_TEXTS.imageShape}
          value={current.shape}
          disabled={readOnly}
          onChange={(e) => {
            const shape = IMAGE_SHAPES.find((s) => s === e.target.value);
            if (shape) onChange({ ...current, shape });
          }}
        >
          {IMAGE_SHAPES.map((shape) => (
            <MenuItem key={shape} value={shape}>
              {IMAGE_SHAPE_LABELS[shape]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {problem ? (
        <Typography variant="body2" color="error" role="alert" id={`${idPrefix}-image-problem`}>
          {problem}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {BUILDER_TEXTS.imageHelp}
        </Typography>
      )}
    </Box>
  );
}
