import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { DOCUMENT_TEXTS } from '@/shared/core/documents/documents.ts';

export interface SavePromptRequest {
  text: string;
  name: string;
}

/**
 * "Save prompt" (both required: 'Prompt name and text are required.'): name and text, both editable, saved
 * to the library with the generator's template and provider. Mounted per request, so each opening
 * starts from what was asked.
 */
export function SavePromptDialog(props: {
  request: SavePromptRequest;
  onSave: (name: string, text: string) => Promise<string | null>;
  /** While `onSave`'s create-prompt mutation runs. */
  saving: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.request.name);
  const [text, setText] = useState(props.request.text);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !text.trim()) return setProblem(DOCUMENT_TEXTS.promptFieldsRequired);
    const result = await props.onSave(name, text);
    if (result) setProblem(result);
  };

  const required = problem === DOCUMENT_TEXTS.promptFieldsRequired;
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="save-prompt-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="save-prompt-title">Save prompt to your library</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            autoFocus
            label="Prompt name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
            fullWidth
            error={required && !name.trim()}
          />
          <TextField
            label="Prompt text"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            error={required && !text.trim()}
            helperText="Saved with the template and AI provider chosen above."
          />
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={props.saving}>
            Save prompt
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
