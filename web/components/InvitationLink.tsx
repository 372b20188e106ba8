import { useId, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Button, TextField } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { MAIL_TEXTS } from '@/shared/core/mail.ts';

/**
 * An invitation link that was not mailed (mail off on the project, or the mailer refused it), for
 * the inviter to pass on: what happened in one sentence, the link in a read-only field (focusing
 * it selects it all) and a Copy button. The outcome of copying is announced to screen readers.
 */
export function InvitationLink({ title, message, link }: { title: string; message: string; link: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (permission, an old browser): the link is selected to copy by hand.
      setCopied(false);
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <Alert severity="info" role="region" aria-labelledby={`${id}-title`} sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle id={`${id}-title`}>{title}</AlertTitle>
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {message}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={MAIL_TEXTS.linkLabel}
          value={link}
          size="small"
          fullWidth
          inputRef={field}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        />
        <Button
          variant="contained"
          onClick={() => void copy()}
          startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {copied ? MAIL_TEXTS.copied : MAIL_TEXTS.copy}
        </Button>
      </Box>
      <Box role="status" sx={{ mt: copied === null ? 0 : 1, fontSize: '0.875rem' }}>
        {copied === true ? MAIL_TEXTS.copiedStatus : copied === false ? MAIL_TEXTS.copyFailed : ''}
      </Box>
    </Alert>
  );
}
