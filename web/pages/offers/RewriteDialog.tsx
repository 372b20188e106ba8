import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';

const SUGGESTIONS = ['Shorter', 'More formal', 'More casual', 'More persuasive', 'Simpler words'];

/**
 * Asks how to rewrite one category or the whole offer, then waits for the AI. A failure is shown
 * here and the instruction stays, so nothing typed is lost; success closes the dialog.
 */
export function RewriteDialog(props: {
  /** The category's name, or null for the entire offer; undefined: closed. */
  target: string | null | undefined;
  progress: { done: number; total: number } | null;
  onSubmit: (instruction: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const open = props.target !== undefined;
  const whole = props.target === null;
  const [instruction, setInstruction] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts clean.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setInstruction('');
      setProblem(null);
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!instruction.trim() || busy) return;
    setBusy(true);
    setProblem(null);
    const error = await props.onSubmit(instruction);
    setBusy(false);
    if (error) setProblem(error);
    else props.onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : props.onClose} fullWidth maxWidth="sm" aria-labelledby="rewrite-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="rewrite-title">{whole ? 'Rewrite the entire offer' : `Rewrite ${props.target ?? ''}`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {whole
              ? 'Tell the AI how to change it. The description and every generated category are rewritten; you can undo it afterwards.'
              : 'Tell the AI how to change it. You can undo it afterwards.'}
          </DialogContentText>
          <TextField
            autoFocus
            label="Instruction"
            value={instruction}
            onChange={(e) => setInstruction(e.target.value)}
            placeholder="e.g. shorter, more formal, for busy parents"
            fullWidth
            multiline
            minRows={2}
            disabled={busy}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }} aria-label="Suggestions" role="group">
            {SUGGESTIONS.map((suggestion) => (
              <Chip
                key={suggestion}
                label={suggestion}
                onClick={() => setInstruction(suggestion.toLowerCase())}
                disabled={busy}
                variant="outlined"
              />
            ))}
          </Stack>
          {busy && (
            <Stack spacing={0.5} sx={{ mt: 2 }}>
              <LinearProgress
                aria-label="Rewriting"
                variant={props.progress ? 'determinate' : 'indeterminate'}
                value={props.progress ? (props.progress.done / props.progress.total) * 100 : undefined}
              />
              <Typography variant="body2" color="text.secondary" role="status">
                {props.progress ? `Rewriting… ${props.progress.done} of ${props.progress.total} parts done` : 'Rewriting…'}
              </Typography>
            </Stack>
          )}
          {problem && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!instruction.trim() || busy}>
            {busy ? 'Rewriting…' : 'Rewrite'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
