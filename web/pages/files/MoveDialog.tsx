import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { findNode, moveTargets, type WorkspaceNode, type WorkspaceStructure } from '../../../shared/core/workspace.ts';

const TOP = '__top__';

/** "Move to…": the keyboard way to move a folder or file (every folder but itself and its subfolders). */
export function MoveDialog(props: { node: WorkspaceNode | null; structure: WorkspaceStructure; onMove: (id: string, parentId: string | null) => void; onCancel: () => void }) {
  const { node, structure } = props;
  const current = node ? (findNode(structure, node.id)?.parentId ?? null) : null;
  const [choice, setChoice] = useState<string>(TOP);
  useEffect(() => setChoice(current ?? TOP), [node, current]);
  const targets = node ? moveTargets(structure, node.id) : [];

  return (
    <Dialog open={node !== null} onClose={props.onCancel} fullWidth maxWidth="xs" aria-labelledby="move-dialog-title">
      <DialogTitle id="move-dialog-title">Move “{node?.name}” to…</DialogTitle>
      <DialogContent dividers>
        <RadioGroup aria-labelledby="move-dialog-title" value={choice} onChange={(e) => setChoice(e.target.value)}>
          {targets.map((target) => (
            <FormControlLabel
              key={target.id ?? TOP}
              value={target.id ?? TOP}
              control={<Radio />}
              sx={{ pl: target.depth * 1.5 }}
              label={
                <Typography variant="body2">
                  {target.label}
                  {(target.id ?? null) === current ? ' (current)' : ''}
                </Typography>
              }
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={(choice === TOP ? null : choice) === current}
          onClick={() => node && props.onMove(node.id, choice === TOP ? null : choice)}
        >
          Move here
        </Button>
      </DialogActions>
    </Dialog>
  );
}
