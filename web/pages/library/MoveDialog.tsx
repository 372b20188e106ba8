import { useMemo, useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { LIBRARY_TEXTS, moveTargets, type LibraryFolder } from '../../../shared/core/promptLibrary.ts';
import { folderTreeRows } from '../../../shared/core/promptLibraryView.ts';

export interface MoveSubject {
  kind: 'folder' | 'prompt';
  id: string;
  name: string;
  /** Where it is now (null: the root). */
  folderId: string | null;
}

const ROOT = '__root__';

/**
 * "Move to…": the keyboard way to move a prompt or folder (drag and drop does the same with a
 * pointer). Offers every folder except, for a folder, itself and its subfolders.
 */
export function MoveDialog(props: { subject: MoveSubject | null; folders: LibraryFolder[] | null; onMove: (target: string | null) => void; onCancel: () => void }) {
  return (
    <Dialog open={props.subject !== null} onClose={props.onCancel} fullWidth maxWidth="xs" aria-labelledby="move-dialog-title">
      {props.subject && <MoveForm {...props} subject={props.subject} />}
    </Dialog>
  );
}

function MoveForm({ subject, folders, onMove, onCancel }: { subject: MoveSubject; folders: LibraryFolder[] | null; onMove: (target: string | null) => void; onCancel: () => void }) {
  const current = subject.folderId ?? ROOT;
  const [choice, setChoice] = useState(current);
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => (folders ? folderTreeRows(moveTargets(subject.kind === 'folder' ? [subject.id] : [], folders)) : []), [folders, subject]);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? rows.filter((r) => r.name.toLowerCase().includes(needle)) : rows;
  const label = (name: string, id: string) => `${name}${id === current ? ' (current)' : ''}`;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (choice !== current) onMove(choice === ROOT ? null : choice);
      }}
    >
      <DialogTitle id="move-dialog-title">Move “{subject.name}” to…</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 1.5 }}>
        {rows.length > 8 && <TextField size="small" label="Find a folder" value={filter} onChange={(e) => setFilter(e.target.value)} />}
        {folders === null ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading folders" size={28} />
          </Box>
        ) : (
          <RadioGroup aria-labelledby="move-dialog-title" value={choice} onChange={(e) => setChoice(e.target.value)} sx={{ maxHeight: 360, overflowY: 'auto', flexWrap: 'nowrap' }}>
            {!needle && <FormControlLabel value={ROOT} control={<Radio size="small" />} label={<Typography variant="body2">{label(LIBRARY_TEXTS.rootName, ROOT)}</Typography>} />}
            {shown.map((row) => (
              <FormControlLabel
                key={row.id}
                value={row.id}
                control={<Radio size="small" />}
                sx={{ pl: needle ? 0 : 2 + row.depth * 2 }}
                label={<Typography variant="body2">{label(row.name, row.id)}</Typography>}
              />
            ))}
            {needle && shown.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                No folder is called that.
              </Typography>
            )}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={choice === current}>
          Move here
        </Button>
      </DialogActions>
    </form>
  );
}
