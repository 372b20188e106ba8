import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { fieldProblem } from './fieldProblem.ts';

/**
 * Asks for a name (new or renamed folder, file or workspace). `onSubmit` answers the message to
 * show under the field ('Folder name cannot be empty' …) or null when done.
 */
export function NameDialog(props: {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  /** Offered as the name while the field is empty. */
  suggestion?: string;
  submitLabel: string;
  /** Extra fields under the name (e.g. the document a file points at). */
  children?: ReactNode;
  onSubmit: (name: string) => Promise<string | null> | string | null;
  /** While `onSubmit`'s write runs (its mutation is pending); false when it answers at once. */
  busy: boolean;
  onCancel: () => void;
}) {
  const { open, initial = '' } = props;
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);

  // Each opening starts from `initial`.
  const [openedWith, setOpenedWith] = useState<string | null>(null);
  if (open && openedWith === null) {
    setOpenedWith(initial);
    setName(initial);
    setProblem(null);
  } else if (!open && openedWith !== null) setOpenedWith(null);

  // A suggestion (e.g. the chosen document's name) fills the field only while it is empty.
  useEffect(() => {
    if (props.suggestion) setName((current) => (current.trim() ? current : props.suggestion!));
  }, [props.suggestion]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(await props.onSubmit(name));
  };

  return (
    <Dialog open={open} onClose={props.onCancel} fullWidth maxWidth="xs" aria-labelledby="name-dialog-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="name-dialog-title">{props.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            autoFocus
            label={props.label}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
            {...fieldProblem(problem)}
            fullWidth
          />
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
