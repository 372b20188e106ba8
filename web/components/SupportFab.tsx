import { lazy, Suspense, useState } from 'react';
import { Fab, Typography } from '@mui/material';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';

const loadDialog = () => import('./SupportDialog.tsx');
const SupportDialog = lazy(async () => ({ default: (await loadDialog()).SupportDialog }));

/**
 * The floating 'Contact Support' button on every page. Its dialog's code loads when the pointer or
 * the keyboard reaches the button, so pages draw without it.
 */
export function SupportFab() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const close = () => setOpen(false);

  return (
    <>
      <Fab
        color="primary"
        variant="extended"
        aria-label="Contact Support"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
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

      {opened ? (
        <Suspense fallback={null}>
          <SupportDialog open={open} close={close} />
        </Suspense>
      ) : null}
    </>
  );
}
