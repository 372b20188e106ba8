import { useState, type FormEvent } from 'react';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  CATALOG_PROVIDERS,
  placeholderNames,
  validateFreePrompt,
  type FreePromptDraft,
  type FreePromptErrors,
} from '@/shared/core/admin/catalog.ts';
import type { AdminFreePrompt } from '@/shared/data/admin/catalog.ts';
import { QuestionRows } from './QuestionRows.tsx';
import { SaveCancelActions } from '@/web/components/SaveCancelActions.tsx';

const EMPTY: FreePromptDraft = { name: '', promptText: '', llmProvider: 'openai', isPremium: false, questions: [] };
const hasErrors = (e: FreePromptErrors) => Boolean(e.name || e.promptText || e.llmProvider || e.questions.some((q) => q !== null));

// Full screen on phones: the fields scroll, the actions stay in view.
const FORM_SX = { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 } as const;

/** Add or edit a free stack's prompt: name, text, provider, premium, and the questions that fill its placeholders. */
export function FreePromptDialog({
  prompt,
  categoryName,
  saving,
  onSave,
  onClose,
}: {
  /** null: a new prompt. */
  prompt: AdminFreePrompt | null;
  categoryName: string;
  saving: boolean;
  onSave: (draft: FreePromptDraft) => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<FreePromptDraft>(prompt ? { ...prompt } : EMPTY);
  // Problems show once Save was pressed, then follow each change.
  const [tried, setTried] = useState(false);
  const set = (change: Partial<FreePromptDraft>) => setDraft((d) => ({ ...d, ...change }));
  const placeholders = placeholderNames(draft.promptText);
  const errors: FreePromptErrors = tried ? validateFreePrompt(draft) : { questions: [] };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!hasErrors(validateFreePrompt(draft))) onSave(draft);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="free-prompt-dialog-title">
      <Box component="form" noValidate onSubmit={submit} sx={FORM_SX}>
        <DialogTitle id="free-prompt-dialog-title">{prompt ? `Edit prompt: ${prompt.name}` : `Add prompt to ${categoryName}`}</DialogTitle>
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
              label="Prompt text"
              required
              value={draft.promptText}
              onChange={(e) => set({ promptText: e.target.value })}
              error={Boolean(errors.promptText)}
              helperText={
                errors.promptText ??
                (placeholders.length
                  ? `Placeholders: ${placeholders.map((p) => `[${p}]`).join(' ')}`
                  : 'Write placeholders in [brackets], e.g. [product].')
              }
              multiline
              minRows={4}
              maxRows={12}
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <FormControl fullWidth error={Boolean(errors.llmProvider)}>
                <InputLabel id="free-prompt-provider-label">Provider</InputLabel>
                <Select
                  labelId="free-prompt-provider-label"
                  label="Provider"
                  value={draft.llmProvider}
                  onChange={(e) => set({ llmProvider: e.target.value })}
                >
                  {CATALOG_PROVIDERS.map((p) => (
                    <MenuItem key={p.id} value={p.id}>
                      {p.label}
                    </MenuItem>
                  ))}
                </Select>
                {errors.llmProvider && <FormHelperText>{errors.llmProvider}</FormHelperText>}
              </FormControl>
              <FormControlLabel
                sx={{ flexShrink: 0 }}
                control={<Switch checked={draft.isPremium} onChange={(e) => set({ isPremium: e.target.checked })} />}
                label="Premium (Pro and Team)"
              />
            </Stack>
            <Box>
              <Typography variant="subtitle2" component="h3">
                Questions
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                What the run form asks for a placeholder. Placeholders without a question are asked by their name.
              </Typography>
              <QuestionRows questions={draft.questions} errors={errors.questions} onChange={(questions) => set({ questions })} />
            </Box>
          </Stack>
        </DialogContent>
        <SaveCancelActions saving={saving} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}
