import { useState } from 'react';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { ROUTES } from '@/shared/core/routes.ts';
import { sendMessage, type AuthUser, type PageContext } from '@/extension/lib/messaging.ts';
import { offerBuilderPath, offerIdeaFrom } from '@/shared/core/offerIdea.ts';
import type { PageRead } from '@/extension/lib/tabs.ts';
import { ColorModeToggle } from '@/shared/ui/colorMode.tsx';
import { Logo } from '@/shared/ui/Logo.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { usePage } from './pageContext.tsx';
import { PANEL_TEXTS } from './panelTexts.ts';

/**
 * The panel's header: brand, "Offer from this page", the dashboard (signed in through the
 * handoff), the colour scheme and the account menu.
 */

export interface PanelHeaderProps {
  user: AuthUser | null;
  onSignOut: () => void;
}

export function PanelHeader({ user, onSignOut }: PanelHeaderProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const openDashboard = () => void sendMessage('dashboard:open', { path: ROUTES.dashboard });
  return (
    <Stack
      component="header"
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        position: 'sticky',
        top: 0,
        zIndex: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Logo size={28} />
      <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 800, flex: 1, minWidth: 0 }} noWrap>
        {PANEL_TEXTS.product}
      </Typography>
      {user && <OfferButton />}
      <Tooltip title={PANEL_TEXTS.openDashboard}>
        <IconButton aria-label={PANEL_TEXTS.openDashboard} onClick={openDashboard} size="small" data-fd="dashboard">
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ColorModeToggle sx={{ p: 0.75 }} dataKey="mode" />
      {user && (
        <>
          <Tooltip title="Account">
            <IconButton
              aria-label={PANEL_TEXTS.account(user.email)}
              onClick={(e) => setAnchor(e.currentTarget)}
              size="small"
              aria-haspopup="menu"
              data-fd="account"
            >
              <Avatar sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                {(user.email[0] ?? '?').toUpperCase()}
              </Avatar>
            </IconButton>
          </Tooltip>
          <Menu
            anchorEl={anchor}
            open={anchor !== null}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <Box sx={{ px: 2, py: 1, maxWidth: 260 }}>
              <Typography variant="caption" color="text.secondary">
                Signed in as
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
            </Box>
            <Divider />
            <MenuItem
              onClick={() => {
                setAnchor(null);
                onSignOut();
              }}
            >
              <ListItemIcon>
                <LogoutIcon fontSize="small" />
              </ListItemIcon>
              Sign out
            </MenuItem>
          </Menu>
        </>
      )}
    </Stack>
  );
}

/** "Offer from this page": the selection (or the page) becomes the offer builder's idea, opened in the dashboard. */
function OfferButton() {
  const notify = useNotify();
  const page = usePage();
  const [busy, setBusy] = useState(false);

  const openWith = (context: PageContext) => {
    const idea = offerIdeaFrom(context);
    if (!idea) {
      notify({ title: 'Nothing to Use', description: 'This page has no text to start an offer from.', variant: 'destructive' });
      return;
    }
    void sendMessage('dashboard:open', { path: offerBuilderPath(idea) });
  };

  const handle = (read: PageRead | null) => {
    if (read?.ok) return openWith(read.context);
    if (read?.reason === 'noAccess') {
      notify({
        title: 'Permission Needed',
        description: 'Allow AI Vault to read this site to start an offer from it.',
        action: {
          label: 'Allow',
          altText: 'Allow AI Vault to read this site',
          onClick: () => void page.requestAccess().then((r) => r?.ok && openWith(r.context)),
        },
      });
      return;
    }
    notify({ title: 'Page Not Readable', description: read?.message ?? 'Open a web page first.', variant: 'destructive' });
  };

  const click = async () => {
    setBusy(true);
    try {
      handle(page.read?.ok ? page.read : await page.refresh());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={PANEL_TEXTS.offer}>
      <span>
        <IconButton aria-label={PANEL_TEXTS.offer} onClick={() => void click()} disabled={busy || !page.tab} size="small" data-fd="offer">
          <LightbulbOutlinedIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
