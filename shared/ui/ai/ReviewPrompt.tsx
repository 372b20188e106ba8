import { useState } from 'react';
import { Box, Button, Collapse, Stack, Typography } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DictationTextField } from './dictation.tsx';

/**
 * The filled prompt before it is sent: shown on request and editable. Once edited, the edit is
 * what runs (field changes no longer apply) until the user goes back to the filled version.
 */
export interface ReviewPromptProps {
  composed: string;
  edited: string | null;
  onEdit: (text: string | null) => void;
  /** Shown from the start (the dashboard has room for it; the side panel starts folded). */
  defaultOpen?: boolean;
}

export function ReviewPrompt({ composed, edited, onEdit, defaultOpen = false }: ReviewPromptProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((o) => !o)}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        aria-expanded={open}
        aria-controls="review-prompt"
      >
        {edited === null ? 'Review the prompt' : 'Review the prompt (edited)'}
      </Button>
      <Collapse in={open} id="review-prompt">
        <Stack spacing={1} sx={{ mt: 1 }}>
          <DictationTextField
            label="Prompt to send"
            value={edited ?? composed}
            onValueChange={onEdit}
            multiline
            minRows={4}
            maxRows={14}
            fullWidth
            size="small"
          />
          {edited !== null && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
                Your edit is sent as is; changes to the fields above no longer apply.
              </Typography>
              <Button size="small" onClick={() => onEdit(null)}>
                Undo edits
              </Button>
            </Stack>
          )}
        </Stack>
      </Collapse>
    </Box>
  );
}
