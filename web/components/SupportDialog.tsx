import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Link, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { ROUTES } from '@/shared/core/routes.ts';
import { ContactFormLink, SupportEmail, SupportFaq } from './SupportContact.tsx';

/**
 * The 'Contact Support' dialog: the support address (mailto + copy), the contact form and a short
 * FAQ. MUI's Dialog traps focus, closes on Escape and gives focus back to the button that opened it.
 */
export function SupportDialog({ open, close }: { open: boolean; close: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="support-dialog-title"
      aria-describedby="support-dialog-lead"
    >
      <DialogTitle id="support-dialog-title" sx={{ pr: 7 }}>
        Contact Support
      </DialogTitle>
      <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography id="support-dialog-lead" color="text.secondary">
            Questions, bugs or ideas? Write to us and we will get back to you by e-mail.
          </Typography>
          <SupportEmail onNavigate={close} />
          <SupportFaq headingLevel="h3" idPrefix="fab-faq" />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={ROUTES.support} onClick={close}>
          Visit the support page
        </Link>
        <ContactFormLink onNavigate={close} />
      </DialogActions>
    </Dialog>
  );
}
