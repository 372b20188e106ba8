import { Chip } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';

/** "You're on the list" marker next to an "I want this" button. */
export function OnTheList({ show }: { show: boolean }) {
  if (!show) return null;
  return <Chip icon={<CheckIcon />} label="You're on the list" color="success" variant="outlined" size="small" />;
}
