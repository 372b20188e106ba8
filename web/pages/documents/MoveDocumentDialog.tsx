import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import type { FolderRow } from '../../../shared/core/documentGenerator.ts';
import type { DocumentFolder } from '../../../shared/core/documents.ts';
import type { DocumentSummary } from '../../../shared/data/documents.ts';

const NO_FOLDER = '__none__';

/** "Move to…": every folder of the tree, or no folder. Mounted per document. */
export function MoveDocumentDialog(props: { doc: DocumentSummary; rows: FolderRow<DocumentFolder>[]; onMove: (folderId: string | null) => Promise<boolean>; onClose: () => void }) {
  const current = props.doc.folderId ?? NO_FOLDER;
  const [choice, setChoice] = useState(current);
  const [busy, setBusy] = useState(false);

  const move = async () => {
    setBusy(true);
    const moved = await props.onMove(choice === NO_FOLDER ? null : choice);
    setBusy(false);
    if (moved) props.onClose();
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="move-doc-title">
      <DialogTitle id="move-doc-title" sx={{ overflowWrap: 'anywhere' }}>
        Move “{props.doc.name}” to…
      </DialogTitle>
      <DialogContent dividers>
        <RadioGroup aria-labelledby="move-doc-title" value={choice} onChange={(e) => setChoice(e.target.value)}>
          <FormControlLabel value={NO_FOLDER} control={<Radio />} label={`No folder${current === NO_FOLDER ? ' (current)' : ''}`} />
          {props.rows.map(({ folder, depth }) => (
            <FormControlLabel
              key={folder.id}
              value={folder.id}
              control={<Radio />}
              sx={{ pl: depth * 2.5, overflowWrap: 'anywhere' }}
              label={`${folder.name}${current === folder.id ? ' (current)' : ''}`}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy || choice === current} onClick={() => void move()}>
          Move here
        </Button>
      </DialogActions>
    </Dialog>
  );
}
