import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Dialog, DialogActions, DialogContent, DialogTitle, Fab, IconButton, Link, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { ROUTES } from '@/shared/core/routes.ts';
import { ContactFormLink, SupportEmail, SupportFaq } from './SupportContact.tsx';

/**
 * The floating 'Contact Support' button and dialog on every page: the support
 * address (mailto + copy), the contact form and a short FAQ. MUI's Dialog traps focus, closes on
 * Escape and gives focus back to the button.
 */
export function SupportFab() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <>
      <Fab
        color="primary"
        variant="extended"
        aria-label="Contact Support"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{
          position: 'fixed',
          right: { xs: 16, md: 24 },
          bottom: { xs: 16, md: 24 },
          zIndex: (t) => t.zIndex.speedDial,
          px: { xs: 0, sm: 2.5 },
          minWidth: 56,
          width: { xs: 56, sm: 'auto' },
          borderRadius: 28,
          boxShadow: '0 10px 30px rgba(79,70,229,0.35)',
        }}
      >
        <SupportAgentIcon sx={{ mr: { xs: 0, sm: 1 } }} />
        <Typography component="span" sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 600 }}>
          Contact Support
        </Typography>
      </Fab>

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
    </>
  );
}
