import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Chip, CircularProgress, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import LaptopOutlinedIcon from '@mui/icons-material/LaptopOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { KeyTestResult } from '@/shared/ai/keyTest.ts';
import type { StoredKey } from '@/shared/data/providerKeys.ts';

/** The pieces of a key row: where the value comes from, the masked saved value, the save field, a test result. */

function SourceChip({ stored }: { stored: StoredKey }) {
  if (stored.source === 'cloud') {
    return <Chip size="small" color="success" variant="outlined" icon={<CloudDoneOutlinedIcon />} label="Synced" />;
  }
  if (stored.source === 'local') {
    return <Chip size="small" variant="outlined" icon={<LaptopOutlinedIcon />} label="This browser only" />;
  }
  return <Chip size="small" variant="outlined" label="Not set" />;
}

/** Title line of a row: name and where the value comes from. */
export function RowHeader({ title, stored }: { title: string; stored: StoredKey }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mr: 0.5 }}>
        {title}
      </Typography>
      <SourceChip stored={stored} />
    </Stack>
  );
}

/** The saved value, masked unless revealed, with reveal and clear buttons. */
export function SavedValue({
  name,
  shown,
  hidden,
  onClear,
  busy,
}: {
  name: string;
  shown: string;
  hidden: string | null;
  onClear: () => void;
  busy: boolean;
}) {
  const [revealed, setRevealed] = useState(false);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography
        data-testid={`saved-${name}`}
        variant="body2"
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          bgcolor: 'action.hover',
          px: 1,
          py: 0.5,
          borderRadius: 1,
          minWidth: 0,
          overflowWrap: 'anywhere',
        }}
      >
        {revealed || hidden === null ? shown : hidden}
      </Typography>
      {hidden !== null && (
        <Tooltip title={revealed ? 'Hide' : 'Show'}>
          <IconButton
            size="small"
            aria-label={`${revealed ? 'Hide' : 'Show'} ${name}`}
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Clear">
        <span>
          <IconButton size="small" aria-label={`Clear ${name}`} onClick={onClear} disabled={busy}>
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/** A text field with a Save button; saving an empty field clears. */
export function SaveField({
  label,
  placeholder,
  helper,
  secret,
  disabled,
  busy,
  onSave,
}: {
  label: string;
  placeholder: string;
  helper: ReactNode;
  secret: boolean;
  disabled: boolean;
  /** While `onSave`'s write runs. */
  busy: boolean;
  onSave: (value: string) => Promise<void>;
}) {
  const [value, setValue] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onSave(value);
    setValue(''); // never kept on screen after saving
  };
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={placeholder}
          helperText={helper}
          type={secret ? 'password' : 'url'}
          size="small"
          fullWidth
          disabled={disabled}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
        />
        <Button type="submit" variant="contained" disabled={disabled || busy} sx={{ minWidth: 88, height: 40, flexShrink: 0 }}>
          {busy ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : 'Save'}
        </Button>
      </Stack>
    </Box>
  );
}

export function TestResult({ result }: { result: KeyTestResult }) {
  return (
    <Stack role="status" direction="row" spacing={0.75} sx={{ alignItems: 'flex-start', color: result.ok ? 'success.main' : 'error.main' }}>
      {result.ok ? <CheckCircleOutlinedIcon fontSize="small" /> : <ErrorOutlinedIcon fontSize="small" />}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {result.message}
      </Typography>
    </Stack>
  );
}
