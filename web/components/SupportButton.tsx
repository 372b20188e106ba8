import { lazy, Suspense, useState } from 'react';
import { Button, IconButton, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';

const loadDialog = () => import('./SupportDialog.tsx');
const SupportDialog = lazy(async () => ({ default: (await loadDialog()).SupportDialog }));

const LABEL = 'Contact Support';

/**
 * The 'Contact Support' button, docked into the layout instead of floating over the page, so it
 * never covers content: a header button (`header`: text from small screens up, an icon below), an
 * icon in the signed-in top bar (`icon`), or an entry of the sidebar (`sidebar`). Its dialog's code
 * loads when the pointer or the keyboard reaches the button, so pages draw without it.
 */
export function SupportButton({ variant }: { variant: 'header' | 'icon' | 'sidebar' }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = {
    'aria-haspopup': 'dialog' as const,
    onClick: () => {
      setOpened(true);
      setOpen(true);
    },
    onPointerEnter: () => void loadDialog(),
    onFocus: () => void loadDialog(),
  };

  return (
    <>
      {variant === 'sidebar' ? (
        <ListItem disablePadding>
          <ListItemButton {...trigger} sx={{ borderRadius: 2, mx: 1, my: 0.25 }}>
            <ListItemIcon sx={{ minWidth: 38, color: 'text.secondary' }}>
              <SupportAgentIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={LABEL} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }} />
          </ListItemButton>
        </ListItem>
      ) : variant === 'icon' ? (
        <Tooltip title={LABEL}>
          <IconButton aria-label={LABEL} {...trigger}>
            <SupportAgentIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          color="inherit"
          aria-label={LABEL}
          startIcon={<SupportAgentIcon />}
          {...trigger}
          sx={{
            minWidth: 0,
            '& .support-label': { display: { xs: 'none', sm: 'inline' } },
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
          }}
        >
          <span className="support-label">{LABEL}</span>
        </Button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <SupportDialog open={open} close={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
