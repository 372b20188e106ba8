import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import { findNode, type WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';
import type { ConflictChoice, MergeConflict } from '@/shared/core/workspaces/merge.ts';

/** What both tabs did to one item, in words; `originalName` is its name before either tab changed it. */
function conflictQuestion(c: MergeConflict, originalName: string): { title: string; mine: string; theirs: string } {
  switch (c.kind) {
    case 'name':
      // Named as both tabs knew it: this tab's new name is one of the two answers, not the question.
      return {
        title: `Both tabs renamed “${originalName}”.`,
        mine: `Keep this tab’s name “${c.mine}”`,
        theirs: `Keep the other tab’s name “${c.theirs}”`,
      };
    case 'document':
      return {
        title: `Both tabs attached a different document to “${c.name}”.`,
        mine: 'Keep this tab’s document',
        theirs: 'Keep the other tab’s document',
      };
    case 'location':
      return {
        title: `Both tabs moved “${c.name}”.`,
        mine: `Keep it in ${c.mine ? `“${c.mine}”` : 'the top level'} (this tab)`,
        theirs: `Keep it in ${c.theirs ? `“${c.theirs}”` : 'the top level'} (the other tab)`,
      };
    default: {
      const deletedHere = c.deletedBy === 'mine';
      return {
        title: deletedHere
          ? `You deleted “${c.name}”, but the other tab changed it.`
          : `The other tab deleted “${c.name}”, but you changed it here.`,
        mine: deletedHere ? 'Delete it' : 'Keep it with my changes',
        theirs: deletedHere ? 'Keep it with the other tab’s changes' : 'Delete it',
      };
    }
  }
}

/**
 * Both tabs changed the same thing: one choice per conflict, then the merge is saved. `base` is the
 * structure both tabs started from (where items have their original names).
 */
export function ConflictDialog({
  conflicts,
  base,
  onResolve,
}: {
  conflicts: MergeConflict[] | null;
  base: WorkspaceStructure;
  onResolve: (choices: Record<string, ConflictChoice>) => void;
}) {
  const choosable = (conflicts ?? []).filter((c) => c.kind !== 'cycle');
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  // Each new set of conflicts starts from "this tab".
  useEffect(() => setChoices({}), [conflicts]);

  return (
    <Dialog open={conflicts !== null} aria-labelledby="conflict-title" aria-describedby="conflict-text" fullWidth maxWidth="sm">
      <DialogTitle id="conflict-title">This workspace was changed in another tab</DialogTitle>
      <DialogContent>
        <DialogContentText id="conflict-text" sx={{ mb: 2 }}>
          Everything else from both tabs is kept. Choose what to keep where both changed the same thing:
        </DialogContentText>
        <Stack spacing={2}>
          {choosable.map((c) => {
            const q = conflictQuestion(c, findNode(base, c.nodeId)?.node.name ?? c.name);
            return (
              <FormControl key={c.key}>
                <FormLabel id={`conflict-${c.key}`}>{q.title}</FormLabel>
                <RadioGroup
                  aria-labelledby={`conflict-${c.key}`}
                  value={choices[c.key] ?? 'mine'}
                  onChange={(e) => setChoices((current) => ({ ...current, [c.key]: e.target.value as ConflictChoice }))}
                >
                  <FormControlLabel value="mine" control={<Radio />} label={q.mine} />
                  <FormControlLabel value="theirs" control={<Radio />} label={q.theirs} />
                </RadioGroup>
              </FormControl>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => onResolve(Object.fromEntries(choosable.map((c) => [c.key, choices[c.key] ?? 'mine'])))}>
          Save merged workspace
        </Button>
      </DialogActions>
    </Dialog>
  );
}
