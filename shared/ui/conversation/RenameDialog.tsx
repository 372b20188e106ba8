import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';

/** Renames a conversation; the dialog stays open with the refusal when the title is refused. */
export function RenameDialog({
  conversation,
  saving,
  onClose,
  onRename,
}: {
  conversation: { title: string } | null;
  /** While `onRename`'s rename mutation runs. */
  saving: boolean;
  onClose: () => void;
  /** Resolves with the refusal to show, or null when renamed. */
  onRename: (title: string) => Promise<string | null>;
}) {
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setTitle(conversation?.title ?? '');
    setProblem(null);
  }, [conversation]);

  const save = async () => {
    const refused = await onRename(title);
    if (refused) setProblem(refused);
    else onClose();
  };

  return (
    <Dialog open={conversation !== null} onClose={onClose} aria-labelledby="rename-conversation-title" fullWidth maxWidth="sm">
      <DialogTitle id="rename-conversation-title">{CONVERSATION_TEXTS.rename}</DialogTitle>
      <DialogContent>
        <TextField
          label="Title"
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
          error={problem !== null}
          helperText={problem ?? ' '}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{CONVERSATION_TEXTS.cancelEdit}</Button>
        <Button variant="contained" onClick={() => void save()} loading={saving}>
          {CONVERSATION_TEXTS.rename}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
