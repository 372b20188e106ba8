import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from '@/web/lib/navigation.tsx';
import { AppBar, Box, Button, CircularProgress, Container, IconButton, Link, Stack, Toolbar, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { logoTarget, ROUTES } from '@/shared/core/routes.ts';
import { MenuIcon } from '@/shared/ui/icons.tsx';
import { Logo } from '@/shared/ui/Logo.tsx';
import { ColorModeToggle } from '@/shared/ui/colorMode.tsx';
import { SupportButton } from '../components/SupportButton.tsx';
import { LiveOnceHydrated } from '../lib/MarkLive.tsx';
import { useRouteMeta } from '../lib/pageMeta.ts';
import { useAuthStatus } from '../lib/sessionState.ts';

const loadMenu = () => import('./PublicMenu.tsx');
const PublicMenu = lazy(async () => ({ default: (await loadMenu()).PublicMenu }));

const FOOTER_LINKS = [
  { label: 'Privacy', to: ROUTES.privacy },
  { label: 'Terms', to: ROUTES.terms },
  { label: 'Contact', to: ROUTES.contact },
] as const;

/** Sticky header, the page, footer. Mobile uses a side sheet menu. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
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

            <SupportButton variant="header" />
            <ColorModeToggle />
            <IconButton
              edge="end"
              aria-label="Open menu"
              aria-controls="mobile-menu"
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
              onPointerEnter={() => void loadMenu()}
              onFocus={() => void loadMenu()}
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          </Toolbar>
        </Container>
      </AppBar>

      {menuLoaded ? (
        <Suspense fallback={null}>
          <PublicMenu open={menuOpen} close={closeMenu} signedIn={signedIn} pathname={pathname} />
        </Suspense>
      ) : null}

      <Box component="main" sx={{ flexGrow: 1 }}>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
              <CircularProgress aria-label="Loading" />
            </Box>
          }
        >
          {children}
          <LiveOnceHydrated />
        </Suspense>
      </Box>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container
          maxWidth="lg"
          sx={{
            py: 3,
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
    </Box>
  );
}
