import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  CircularProgress,
  Container,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { logoTarget, ROUTES } from '@/shared/core/routes.ts';
import { CloseIcon, HomeIcon, LoginIcon, MenuIcon } from '@/shared/ui/icons.tsx';
import { Logo } from '@/shared/ui/Logo.tsx';
import { ColorModeToggle } from '@/shared/ui/colorMode.tsx';
import { SupportFab } from '../components/SupportFab.tsx';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { useRouteMeta } from '../lib/pageMeta.ts';
import { useAuthStatus } from '../lib/sessionState.ts';

const FOOTER_LINKS = [
  { label: 'Privacy', to: ROUTES.privacy },
  { label: 'Terms', to: ROUTES.terms },
  { label: 'Contact', to: ROUTES.contact },
] as const;

/** Sticky header, page outlet, footer. Mobile uses a side sheet menu. */
export function PublicLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const closeMenu = () => setMenuOpen(false);
  const signedIn = useAuthStatus() === 'signedIn';
  useRouteMeta(pathname);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        sx={{
          bgcolor: (t) => `rgba(${t.vars?.palette.background.paperChannel ?? '255 255 255'} / 0.85)`,
          backdropFilter: 'saturate(180%) blur(12px)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 60, sm: 68 } }}>
            <Link
              component={RouterLink}
              to={logoTarget(signedIn)}
              underline="none"
              color="inherit"
              aria-label={`${PRODUCT_NAME} home`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mr: 'auto' }}
            >
              <Logo size={34} />
              <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}>
                {PRODUCT_NAME}
              </Typography>
            </Link>

            <Stack
              component="nav"
              aria-label="Main"
              direction="row"
              spacing={1}
              sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center' }}
            >
              <Button
                component={RouterLink}
                to={ROUTES.landing}
                color="inherit"
                aria-current={pathname === ROUTES.landing ? 'page' : undefined}
              >
                Home
              </Button>
              {signedIn ? (
                <Button component={RouterLink} to={ROUTES.dashboard} variant="contained">
                  Go to Dashboard
                </Button>
              ) : (
                <Button component={RouterLink} to={ROUTES.auth} variant="contained">
                  Sign In / Up
                </Button>
              )}
            </Stack>

            <ColorModeToggle />
            <IconButton
              edge="end"
              aria-label="Open menu"
              aria-controls="mobile-menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          </Toolbar>
        </Container>
      </AppBar>

      <Drawer
        id="mobile-menu"
        anchor="right"
        open={menuOpen}
        onClose={closeMenu}
        slotProps={{ paper: { sx: { width: 280 }, 'aria-label': 'Menu' } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, gap: 1.25 }}>
          <Logo size={28} />
          <Typography variant="subtitle1" sx={{ fontWeight: 800, flexGrow: 1 }}>
            {PRODUCT_NAME}
          </Typography>
          <IconButton aria-label="Close menu" onClick={closeMenu}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Divider />
        <List component="nav" aria-label="Mobile">
          <ListItemButton component={RouterLink} to={ROUTES.landing} onClick={closeMenu} selected={pathname === ROUTES.landing}>
            <ListItemIcon>
              <HomeIcon />
            </ListItemIcon>
            <ListItemText primary="Home" />
          </ListItemButton>
          {signedIn ? (
            <ListItemButton component={RouterLink} to={ROUTES.dashboard} onClick={closeMenu}>
              <ListItemIcon>
                <DashboardIcon />
              </ListItemIcon>
              <ListItemText primary="Go to Dashboard" />
            </ListItemButton>
          ) : (
            <ListItemButton component={RouterLink} to={ROUTES.auth} onClick={closeMenu}>
              <ListItemIcon>
                <LoginIcon />
              </ListItemIcon>
              <ListItemText primary="Sign In / Up" />
            </ListItemButton>
          )}
        </List>
      </Drawer>

      <Box component="main" sx={{ flexGrow: 1 }}>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
              <CircularProgress aria-label="Loading" />
            </Box>
          }
        >
          <Outlet />
        </Suspense>
      </Box>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container
          maxWidth="lg"
          sx={{
            pt: 3,
            // Room below the links for the floating Contact Support button.
            pb: 11,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </Typography>
          <Stack component="nav" aria-label="Footer" direction="row" spacing={3}>
            {FOOTER_LINKS.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} variant="body2" color="text.secondary" underline="hover">
                {link.label}
              </Link>
            ))}
          </Stack>
        </Container>
      </Box>
      <SupportFab />
    </Box>
  );
}
