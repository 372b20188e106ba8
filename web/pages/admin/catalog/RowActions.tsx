import { IconButton, Stack, Tooltip } from '@mui/material';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';

/** Move up, move down, edit and delete buttons of one catalogue row, labelled with its name. */
export function RowActions({
  name,
  first,
  last,
  disabled,
  onMove,
  onEdit,
  onDelete,
}: {
  name: string;
  first: boolean;
  last: boolean;
  /** A write is on its way: moving again would work on the order before it. */
  disabled: boolean;
  onMove: (delta: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Stack direction="row" sx={{ flexShrink: 0 }}>
      <Tooltip title="Move up">
        <span>
          <IconButton aria-label={`Move ${name} up`} disabled={first || disabled} onClick={() => onMove(-1)}>
            <ArrowUpIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton aria-label={`Move ${name} down`} disabled={last || disabled} onClick={() => onMove(1)}>
            <ArrowDownIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${name}`} onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
