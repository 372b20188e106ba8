import { useState, type FormEvent } from 'react';
import {
  Autocomplete,
  Box,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  CATALOG_PROVIDERS,
  parseTags,
  validateRecommended,
  type RecommendedDraft,
  type RecommendedErrors,
} from '@/shared/core/admin/catalog.ts';
import type { AdminRecommended } from '@/shared/data/admin/catalog.ts';
import { SaveCancelActions } from '@/web/components/SaveCancelActions.tsx';

const EMPTY: RecommendedDraft = { name: '', description: '', promptText: '', category: '', tags: [], llmSuitability: [], isPublic: true };

// Full screen on phones: the fields scroll, the actions stay in view.
const FORM_SX = { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 } as const;

/** Add or edit a recommended prompt: the fields' problems show under them once Save was pressed. */
export function RecommendedDialog({
  prompt,
  categories,
  saving,
  onSave,
  onClose,
}: {
  /** null: a new prompt. */
  prompt: AdminRecommended | null;
  categories: readonly string[];
  saving: boolean;
  onSave: (draft: RecommendedDraft) => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<RecommendedDraft>(prompt ? { ...prompt } : EMPTY);
  const [tagsText, setTagsText] = useState((prompt?.tags ?? []).join(', '));
  // Problems show once Save was pressed, then follow each change.
  const [tried, setTried] = useState(false);
  const set = (change: Partial<RecommendedDraft>) => setDraft((d) => ({ ...d, ...change }));
  const errors: RecommendedErrors = tried ? validateRecommended(draft) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const next = { ...draft, tags: parseTags(tagsText) };
    if (Object.keys(validateRecommended(next)).length === 0) onSave(next);
  };
  const toggleProvider = (id: string, on: boolean) =>
    set({ llmSuitability: on ? [...draft.llmSuitability, id] : draft.llmSuitability.filter((p) => p !== id) });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="recommended-dialog-title">
      <Box component="form" noValidate onSubmit={submit} sx={FORM_SX}>
        <DialogTitle id="recommended-dialog-title">
          {prompt ? `Edit recommended prompt: ${prompt.name}` : 'Add recommended prompt'}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <TextField
              label="Name"
              required
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
              error={Boolean(errors.name)}
              helperText={errors.name}
              fullWidth
              autoFocus
            />
            <TextField
              label="Description"
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
              multiline
              minRows={2}
              fullWidth
            />
            <TextField
              label="Prompt text"
              required
              value={draft.promptText}
              onChange={(e) => set({ promptText: e.target.value })}
              error={Boolean(errors.promptText)}
              helperText={errors.promptText ?? 'Placeholders in [brackets] become questions when the prompt is run.'}
              multiline
              minRows={4}
              maxRows={12}
              fullWidth
            />
            <Autocomplete
              freeSolo
              options={[...categories]}
              inputValue={draft.category}
              onInputChange={(_e, value) => set({ category: value })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Category"
                  required
                  error={Boolean(errors.category)}
                  helperText={errors.category ?? 'Pick one of the existing categories or type a new one.'}
                />
              )}
            />
            <TextField
              label="Tags"
              value={tagsText}
              onChange={(e) => setTagsText(e.target.value)}
              helperText="Separated by commas, e.g. email, launch"
              fullWidth
            />
            <FormControl error={Boolean(errors.llmSuitability)} component="fieldset">
              <FormLabel component="legend">Suited to</FormLabel>
              <FormGroup row>
                {CATALOG_PROVIDERS.map((p) => (
                  <FormControlLabel
                    key={p.id}
                    label={p.label}
                    control={
                      <Checkbox checked={draft.llmSuitability.includes(p.id)} onChange={(e) => toggleProvider(p.id, e.target.checked)} />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>
                {errors.llmSuitability ?? 'A copy saved to a library runs with the first one ticked, in this order.'}
              </FormHelperText>
            </FormControl>
            <FormControlLabel
              control={<Switch checked={draft.isPublic} onChange={(e) => set({ isPublic: e.target.checked })} />}
              label="Public: shown on Recommended Prompts"
            />
          </Stack>
        </DialogContent>
        <SaveCancelActions saving={saving} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}
