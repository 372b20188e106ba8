import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';

/** One place something can be moved to; `id` null is the top level (root, no folder). */
export interface MoveTarget {
  id: string | null;
  label: string;
  depth: number;
}

const TOP = '__top__';
const toValue = (id: string | null) => id ?? TOP;
/** With more targets than this, a filter field helps find one. */
const FILTER_FROM = 8;

/**
 * "Move to…": the keyboard way to move a prompt, folder, file or document (drag and drop does the
 * same with a pointer). The current place is checked and focused when the dialog opens, so the
 * arrow keys pick another at once; Move here is enabled only for a different place.
 */
export function MoveToDialog(props: {
  open: boolean;
  /** The dialog's title, e.g. Move “Cold email” to… */
  title: ReactNode;
  /** null while the targets load. */
  targets: MoveTarget[] | null;
  current: string | null;
  busy?: boolean;
  onMove: (target: string | null) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onCancel} fullWidth maxWidth="xs" aria-labelledby="move-dialog-title">
      {props.open && <MoveForm {...props} />}
    </Dialog>
  );
}

function MoveForm({ title, targets, current, busy = false, onMove, onCancel }: Parameters<typeof MoveToDialog>[0]) {
  const [choice, setChoice] = useState(toValue(current));
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = targets && needle ? targets.filter((t) => t.label.toLowerCase().includes(needle)) : (targets ?? []);
  const unchanged = choice === toValue(current);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!unchanged && !busy) onMove(choice === TOP ? null : choice);
      }}
    >
      <DialogTitle id="move-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 1.5 }}>
        {targets && targets.length > FILTER_FROM && (
          <TextField size="small" label="Find a folder" value={filter} onChange={(e) => setFilter(e.target.value)} />
        )}
        {targets === null ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading folders" size={28} />
          </Box>
        ) : (
          <RadioGroup
            aria-labelledby="move-dialog-title"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ maxHeight: 360, overflowY: 'auto', flexWrap: 'nowrap' }}
          >
            {shown.map((target) => {
              const value = toValue(target.id);
              const isCurrent = target.id === current;
              return (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio size="small" autoFocus={isCurrent && !needle} />}
                  sx={{ pl: needle ? 0 : target.depth * 2, overflowWrap: 'anywhere' }}
                  label={<Typography variant="body2">{`${target.label}${isCurrent ? ' (current)' : ''}`}</Typography>}
                />
              );
            })}
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
        <Button type="submit" variant="contained" disabled={busy || unchanged}>
          Move here
        </Button>
      </DialogActions>
    </form>
  );
}
