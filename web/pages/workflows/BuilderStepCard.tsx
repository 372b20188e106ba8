import { useRef, useState, type ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Alert, Box, Button, Card, CardContent, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import CopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DragIcon from '@mui/icons-material/DragIndicator';
import LibraryIcon from '@mui/icons-material/LibraryBooksOutlined';
import { insertAtCursor, type VariableOption } from '@/shared/core/workflows/builder.ts';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { DEFAULT_IMAGE_SETTINGS, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_LIMITS } from '@/shared/core/workflows/limits.ts';
import { LibraryPromptDialog } from './LibraryPromptDialog.tsx';
import { ForEachFields, ImageStepFields, StepModelAndKnowledge } from './StepSettings.tsx';
import { VariableMenu } from './VariableMenu.tsx';

export interface BuilderStepCardProps {
  step: WorkflowStep;
  index: number;
  count: number;
  earlier: string[];
  variables: VariableOption[];
  nameError: string | null;
  problems: string[];
  readOnly: boolean;
  canAdd: boolean;
  onChange: (patch: Partial<WorkflowStep>) => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** One step of the builder: its name, kind, prompt (with variables and library prompts), settings, problems and actions. */
export function BuilderStepCard(props: BuilderStepCardProps) {
  const { step, index, count, readOnly, onChange } = props;
  const sortable = useSortable({ id: step.id, disabled: readOnly });
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [pickedName, setPickedName] = useState<string | null>(null);
  const idPrefix = `step-${step.id}`;
  const headingId = `${idPrefix}-heading`;

  const insert = (text: string) => {
    const el = promptRef.current;
    const at = el ? { start: el.selectionStart, end: el.selectionEnd } : { start: step.prompt.length, end: step.prompt.length };
    const next = insertAtCursor(step.prompt, at.start, at.end, text);
    onChange({ prompt: next.text });
    // After React has written the new text: the cursor right after the inserted variable.
    requestAnimationFrame(() => {
      promptRef.current?.focus();
      promptRef.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  // Focus stays with the moved step: on the same button, or the other one once it reached an end.
  const move = (direction: 'up' | 'down') => {
    props.onMove(direction === 'up' ? index - 1 : index + 1);
    requestAnimationFrame(() => {
      const same = document.getElementById(`${idPrefix}-${direction}`);
      const other = document.getElementById(`${idPrefix}-${direction === 'up' ? 'down' : 'up'}`);
      (same instanceof HTMLButtonElement && !same.disabled ? same : other)?.focus();
    });
  };

  const iconButton = (label: string, icon: ReactNode, onClick: () => void, disabled = false, id?: string) => (
    <Tooltip title={label}>
      <span>
        <IconButton id={id} size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      data-step={step.name}
      aria-labelledby={headingId}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      sx={{ position: 'relative', zIndex: sortable.isDragging ? 2 : 'auto', opacity: sortable.isDragging ? 0.85 : 1 }}
    >
      <Card variant="outlined" sx={{ borderColor: props.problems.length || props.nameError ? 'error.main' : undefined }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            {!readOnly && (
              <IconButton
                ref={sortable.setActivatorNodeRef}
                {...sortable.attributes}
                {...sortable.listeners}
                aria-label={BUILDER_TEXTS.reorder(step.name)}
                data-drag-handle
                sx={{ cursor: 'grab', touchAction: 'none' }}
              >
                <DragIcon />
              </IconButton>
            )}
            <Typography
              id={headingId}
              variant="subtitle1"
              component="h3"
              sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 }}
            >
              {BUILDER_TEXTS.stepHeading(index, step.name)}
            </Typography>
            {!readOnly && (
              <Stack direction="row" sx={{ flexShrink: 0 }}>
                {iconButton(
                  BUILDER_TEXTS.moveUp(step.name),
                  <ArrowUpIcon fontSize="small" />,
                  () => move('up'),
                  index === 0,
                  `${idPrefix}-up`,
                )}
                {iconButton(
                  BUILDER_TEXTS.moveDown(step.name),
                  <ArrowDownIcon fontSize="small" />,
                  () => move('down'),
                  index === count - 1,
                  `${idPrefix}-down`,
                )}
                {iconButton(BUILDER_TEXTS.duplicateStep(step.name), <CopyIcon fontSize="small" />, props.onDuplicate, !props.canAdd)}
                {iconButton(BUILDER_TEXTS.deleteStep(step.name), <DeleteIcon fontSize="small" />, props.onDelete, count === 1)}
              </Stack>
            )}
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <TextField
              size="small"
              id={`${idPrefix}-name`}
              label={BUILDER_TEXTS.stepName}
              value={step.name}
              disabled={readOnly}
              error={Boolean(props.nameError)}
              helperText={props.nameError ?? BUILDER_TEXTS.stepNameHelp}
              onChange={(e) => onChange({ name: e.target.value })}
            />
            <TextField
              select
              size="small"
              id={`${idPrefix}-kind`}
              label={BUILDER_TEXTS.kind}
              value={step.kind}
              disabled={readOnly}
              onChange={(e) => {
                const kind = e.target.value === 'for_each' ? 'for_each' : e.target.value === 'image' ? 'image' : 'prompt';
                const source = props.earlier[props.earlier.length - 1];
                onChange(
                  kind === 'for_each'
                    ? {
                        kind,
                        forEach: step.forEach ?? (source ? { source, split: 'lines', concurrency: 3 } : null),
                        image: undefined,
                        webSearch: undefined,
                      }
                    : kind === 'image'
                      ? // A picture has no chat model, knowledge passages or web search: those settings go with the kind.
                        {
                          kind,
                          forEach: null,
                          image: step.image ?? DEFAULT_IMAGE_SETTINGS,
                          model: null,
                          knowledge: null,
                          webSearch: undefined,
                        }
                      : { kind, forEach: null, image: undefined },
                );
              }}
            >
              <MenuItem value="prompt">{BUILDER_TEXTS.kindPrompt}</MenuItem>
              <MenuItem value="for_each">{BUILDER_TEXTS.kindForEach}</MenuItem>
              <MenuItem value="image">{BUILDER_TEXTS.kindImage}</MenuItem>
            </TextField>
          </Box>
          {step.kind === 'for_each' && (
            <ForEachFields
              settings={step.forEach}
              earlier={props.earlier}
              idPrefix={idPrefix}
              readOnly={readOnly}
              onChange={(forEach) => onChange({ forEach })}
            />
          )}
          {step.kind === 'image' && (
            <ImageStepFields settings={step.image} idPrefix={idPrefix} readOnly={readOnly} onChange={(image) => onChange({ image })} />
          )}
          <div>
            <TextField
              fullWidth
              multiline
              minRows={4}
              maxRows={16}
              id={`${idPrefix}-prompt`}
              label={step.kind === 'image' ? BUILDER_TEXTS.imageDescription : BUILDER_TEXTS.prompt}
              value={step.prompt}
              disabled={readOnly}
              inputRef={promptRef}
              helperText={BUILDER_TEXTS.promptHelp}
              slotProps={{ htmlInput: { maxLength: WORKFLOW_LIMITS.promptLength } }}
              onChange={(e) => onChange({ prompt: e.target.value })}
            />
            {!readOnly && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <VariableMenu options={props.variables} idPrefix={idPrefix} onPick={insert} />
                <Button size="small" startIcon={<LibraryIcon />} onClick={() => setLibraryOpen(true)}>
                  {BUILDER_TEXTS.fromLibrary}
                </Button>
                {step.promptId && (
                  <Typography variant="caption" color="text.secondary">
                    {pickedName ? BUILDER_TEXTS.libraryFrom(pickedName) : BUILDER_TEXTS.libraryCopied}
                  </Typography>
                )}
              </Stack>
            )}
          </div>
          {step.kind !== 'image' && <StepModelAndKnowledge step={step} idPrefix={idPrefix} readOnly={readOnly} onChange={onChange} />}
          {props.problems.length > 0 && (
            <Alert severity="error" variant="outlined" data-testid="step-problems">
              {props.problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          )}
        </CardContent>
      </Card>
      <LibraryPromptDialog
        open={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        onPick={(picked) => {
          setLibraryOpen(false);
          setPickedName(picked.name);
          onChange({ prompt: picked.text, promptId: picked.id });
        }}
      />
    </Box>
  );
}
