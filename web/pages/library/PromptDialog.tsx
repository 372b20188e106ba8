import { useState, type FormEvent } from 'react';
import { Alert, Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { LIBRARY_TEXTS, PROMPT_LIMITS, type LibraryPrompt, type PromptDraft } from '@/shared/core/promptLibrary/library.ts';
import { normalizeTags, promptDraftProblem } from '@/shared/core/promptLibrary/validation.ts';
import { isProviderId } from '@/shared/core/providerKeys.ts';
import { ModelPicker, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { PROMPT_SCREEN_PROVIDER_LABELS } from '@/shared/ui/ai/providerLabels.ts';

export interface PromptDialogProps {
  /** 'new', a prompt to edit (with its text), or null when closed. */
  prompt: LibraryPrompt | 'new' | null;
  /** Tags already in the library, offered as suggestions. */
  knownTags: readonly string[];
  available: AvailableKeys;
  /** Saves; answers the message to show in the dialog, or null when saved. */
  onSubmit: (draft: Omit<PromptDraft, 'folderId'>) => Promise<string | null>;
  /** While `onSubmit`'s save mutation runs. */
  saving: boolean;
  onCancel: () => void;
}

/** Create or edit a prompt ('Save Prompt'); also: description, tags, the provider and model it runs with. */
export function PromptDialog(props: PromptDialogProps) {
  const { prompt } = props;
  const editing = prompt !== null && prompt !== 'new';
  return (
    <Dialog open={prompt !== null} onClose={props.onCancel} fullWidth maxWidth="sm" aria-labelledby="prompt-dialog-title">
      {/* Keyed by the prompt, so each opening starts from it. */}
      {prompt !== null && <PromptForm key={editing ? prompt.id : 'new'} {...props} prompt={editing ? prompt : null} />}
    </Dialog>
  );
}

function PromptForm({
  prompt,
  knownTags,
  available,
  onSubmit,
  saving,
  onCancel,
}: Omit<PromptDialogProps, 'prompt'> & { prompt: LibraryPrompt | null }) {
  const [name, setName] = useState(prompt?.name ?? '');
  const [text, setText] = useState(prompt?.promptText ?? '');
  const [description, setDescription] = useState(prompt?.description ?? '');
  const [tags, setTags] = useState<string[]>(prompt?.tags ?? []);
  /** A tag being typed; saved with the rest even if Enter was never pressed. */
  const [tagInput, setTagInput] = useState('');
  const [choice, setChoice] = useState<ModelChoice>({
    provider: prompt && isProviderId(prompt.llmProvider) ? prompt.llmProvider : 'openai',
    model: prompt?.model ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const draft = {
      name,
      promptText: text,
      description,
      tags: normalizeTags([...tags, tagInput]),
      llmProvider: choice.provider,
      model: choice.model.trim() || null,
    };
    const invalid = promptDraftProblem(draft);
    if (invalid) return setProblem(invalid);
    setProblem(await onSubmit(draft));
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <DialogTitle id="prompt-dialog-title">{prompt ? 'Edit prompt' : 'New prompt'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <TextField
          autoFocus
          label="Prompt name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: PROMPT_LIMITS.nameMax } }}
        />
        <TextField
          label="Prompt text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          required
          multiline
          minRows={5}
          maxRows={14}
          helperText="Use [placeholders] for what changes each time, e.g. [topic] or [tone: friendly|formal]."
        />
        <TextField
          label="Description (optional)"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          maxRows={3}
        />
        <Autocomplete
          multiple
          freeSolo
          options={knownTags.filter((t) => !tags.some((own) => own.toLowerCase() === t.toLowerCase()))}
          value={tags}
          onChange={(_e, next) => setTags(normalizeTags(next.map(String)))}
          inputValue={tagInput}
          onInputChange={(_e, value) => {
            // A comma ends a tag too.
            const parts = value.split(',');
            if (parts.length > 1) setTags((current) => normalizeTags([...current, ...parts.slice(0, -1)]));
            setTagInput(parts[parts.length - 1]!);
          }}
          renderValue={(values, getItemProps) =>
            values.map((tag, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} size="small" label={tag} {...item} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Tags"
              helperText={`Press Enter after each tag (or separate them with commas); up to ${PROMPT_LIMITS.tagsMax}.`}
            />
          )}
        />
        <div>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            Runs with
          </Typography>
          <ModelPicker
            value={choice}
            available={available}
            onChange={setChoice}
            idPrefix="prompt"
            optionalModel
            providerLabels={PROMPT_SCREEN_PROVIDER_LABELS}
          />
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {LIBRARY_TEXTS.savePrompt}
        </Button>
      </DialogActions>
    </form>
  );
}
