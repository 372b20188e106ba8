import { Button, DialogActions } from '@mui/material';

/** The footer of a form dialog: Cancel, and the submit button saying "Saving…" while it works. */
export function SaveCancelActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <DialogActions>
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="contained" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </DialogActions>
  );
}
