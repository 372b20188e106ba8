import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Divider, Drawer, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { CloseIcon, HomeIcon, LoginIcon } from '@/shared/ui/icons.tsx';
import { Logo } from '@/shared/ui/Logo.tsx';

/** The public pages' side sheet menu on small screens; its code loads when the menu button is reached. */
export function PublicMenu({ open, close, signedIn, pathname }: { open: boolean; close: () => void; signedIn: boolean; pathname: string }) {
  return (
    <Drawer id="mobile-menu" anchor="right" open={open} onClose={close} slotProps={{ paper: { sx: { width: 280 }, 'aria-label': 'Menu' } }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, gap: 1.25 }}>
        <Logo size={28} />
        <Typography variant="subtitle1" sx={{ fontWeight: 800, flexGrow: 1 }}>
          {PRODUCT_NAME}
        </Typography>
        <IconButton aria-label="Close menu" onClick={close}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <List component="nav" aria-label="Mobile">
        <ListItemButton component={RouterLink} to={ROUTES.landing} onClick={close} selected={pathname === ROUTES.landing}>
          <ListItemIcon>
            <HomeIcon />
          </ListItemIcon>
          <ListItemText primary="Home" />
        </ListItemButton>
        {signedIn ? (
          <ListItemButton component={RouterLink} to={ROUTES.dashboard} onClick={close}>
            <ListItemIcon>
              <DashboardIcon />
            </ListItemIcon>
            <ListItemText primary="Go to Dashboard" />
          </ListItemButton>
        ) : (
          <ListItemButton component={RouterLink} to={ROUTES.auth} onClick={close}>
            <ListItemIcon>
              <LoginIcon />
            </ListItemIcon>
            <ListItemText primary="Sign In / Up" />
          </ListItemButton>
        )}
      </List>
    </Drawer>
  );
}
