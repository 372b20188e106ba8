import { Suspense, useState, type ComponentType } from 'react';
import { useAtom } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Box,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
  type SvgIconProps,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import AiToolsIcon from '@mui/icons-material/AutoFixHighOutlined';
import FoldersIcon from '@mui/icons-material/FolderOutlined';
import StacksIcon from '@mui/icons-material/LayersOutlined';
import WorkflowsIcon from '@mui/icons-material/AccountTreeOutlined';
import AiFeaturesIcon from '@mui/icons-material/PsychologyOutlined';
import MyPromptsIcon from '@mui/icons-material/ArticleOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import TrainingIcon from '@mui/icons-material/SchoolOutlined';
import SupportIcon from '@mui/icons-material/HelpOutlineOutlined';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import TeamIcon from '@mui/icons-material/GroupsOutlined';
import BillingIcon from '@mui/icons-material/CreditCardOutlined';
import UsageIcon from '@mui/icons-material/InsightsOutlined';
import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { brandLabel } from '@/shared/core/brand.ts';
import { isNavEntryActive, ROUTES } from '@/shared/core/routes.ts';
import { ColorModeToggle } from '@/shared/ui/colorMode.tsx';
import { Logo } from '@/shared/ui/Logo.tsx';
import { OtherJobsStrip } from '@/shared/ui/live/OtherJobsStrip.tsx';
import { SupportButton } from '../components/SupportButton.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { webConfig } from '../lib/config.ts';
import { webUsage } from '../lib/usage.ts';
import { UsageProvider } from '@/shared/ui/usage/UsageContext.tsx';
import { isAdminRole } from '@/shared/core/admin/roles.ts';
import { signingOutAtom, useProfile } from '../lib/sessionState.ts';
import { signOut } from '../lib/session.tsx';
import { SessionLoading } from '../routes/SignedOutOnly.tsx';
import { planQueries } from '../queries/plan.ts';

/** Sidebar width 16rem. */
export const SIDEBAR_WIDTH = '16rem';

interface NavEntry {
  label: string;
  to: string;
  icon: ComponentType<SvgIconProps>;
  /** Highlighted only on an exact match. */
  exact?: boolean;
}

/** The sidebar entries, in order. */
const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Main Dashboard', to: ROUTES.dashboard, icon: DashboardIcon, exact: true },
  { label: 'AI Tools', to: ROUTES.aiTools, icon: AiToolsIcon },
  { label: 'Manage Folders', to: ROUTES.manageFolders, icon: FoldersIcon },
  { label: 'Prompt Stacks', to: ROUTES.promptStacks, icon: StacksIcon },
  { label: 'Workflows', to: ROUTES.workflows, icon: WorkflowsIcon },
  { label: 'AI Features', to: ROUTES.aiFeatures, icon: AiFeaturesIcon },
  { label: 'My Prompts/Stacks', to: ROUTES.myPrompts, icon: MyPromptsIcon },
  { label: 'History', to: ROUTES.history, icon: HistoryIcon },
  { label: 'Training', to: ROUTES.training, icon: TrainingIcon },
  { label: 'Support', to: ROUTES.support, icon: SupportIcon },
];

const ADMIN_ENTRY: NavEntry = { label: 'Manage Users (Admin)', to: ROUTES.adminUsers, icon: AdminIcon };

function NavItem({ entry, pathname, onNavigate }: { entry: NavEntry; pathname: string; onNavigate?: () => void }) {
  const active = isNavEntryActive(entry.to, pathname, entry.exact);
  const Icon = entry.icon;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={entry.to}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ borderRadius: 2, mx: 1, my: 0.25 }}
      >
        <ListItemIcon sx={{ minWidth: 38, color: active ? 'primary.main' : 'text.secondary' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={entry.label} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active ? 700 : 500 } } }} />
      </ListItemButton>
    </ListItem>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const profile = useProfile();
  const notify = useNotify();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useAtom(signingOutAtom);
  const brand = brandLabel(webConfig.companyName);
  const entries = isAdminRole(profile?.role) ? [...NAV_ENTRIES, ADMIN_ENTRY] : NAV_ENTRIES;
  // On Team (own or as a member), the team page sits next to Settings.
  const plan = useQuery({ ...planQueries.current(), enabled: !!profile });

  // Leave the signed-in area first (the landing page may still be loading its code); while
  // signingOut is set the guard waits instead of bouncing the page to /auth?next=…. flushSync:
  // the router otherwise commits the new page in a transition, and the sign-out's urgent render
  // could draw the guard at the old address first.
  const logout = async () => {
    setSigningOut(true);
    onNavigate?.();
    await navigate(ROUTES.landing, { replace: true, flushSync: true });
    const error = await signOut();
    // Once more before the guard is released: a navigation still under way when the sign-out began
    // (a page's code loading) may have moved the router back into the signed-in area.
    if (!error) await navigate(ROUTES.landing, { replace: true, flushSync: true });
    setSigningOut(false);
    if (error) notify({ title: 'Sign Out Error', description: error.message, variant: 'destructive' });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Link
          component={RouterLink}
          to={ROUTES.dashboard}
          underline="none"
          color="inherit"
          onClick={onNavigate}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.25, pl: 2.5, pr: 1, py: 2.25, flexGrow: 1, minWidth: 0 }}
        >
          <Logo size={32} />
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 800 }}>
            {brand}
          </Typography>
        </Link>
        <ColorModeToggle />
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main" sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
        <List disablePadding>
          {entries.map((entry) => (
            <NavItem key={entry.to} entry={entry} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </List>
      </Box>
      <Divider />
      {profile && (
        <Box sx={{ px: 2.5, pt: 1.5, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={profile.email ?? undefined}>
            {profile.name?.trim() || profile.email}
          </Typography>
          {profile.name?.trim() && (
            <Typography variant="caption" color="text.secondary" noWrap component="p" title={profile.email ?? undefined}>
              {profile.email}
            </Typography>
          )}
        </Box>
      )}
      <List sx={{ py: 1 }}>
        <SupportButton variant="sidebar" />
        {plan.data === 'team' && (
          <NavItem entry={{ label: 'Team', to: ROUTES.teamSettings, icon: TeamIcon }} pathname={pathname} onNavigate={onNavigate} />
        )}
        <NavItem entry={{ label: 'Usage', to: ROUTES.usage, icon: UsageIcon }} pathname={pathname} onNavigate={onNavigate} />
        <NavItem entry={{ label: 'Billing', to: ROUTES.billing, icon: BillingIcon }} pathname={pathname} onNavigate={onNavigate} />
        <NavItem
          entry={{ label: 'Settings', to: ROUTES.settings, icon: SettingsIcon, exact: plan.data === 'team' }}
          pathname={pathname}
          onNavigate={onNavigate}
        />
        <ListItem disablePadding>
          <ListItemButton onClick={() => void logout()} disabled={signingOut} sx={{ borderRadius: 2, mx: 1, my: 0.25 }}>
            <ListItemIcon sx={{ minWidth: 38, color: 'text.secondary' }}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={signingOut ? 'Logging out…' : 'Logout'}
              slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }}
            />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}

/**
 * The signed-in shell: a fixed 16rem sidebar beside the page; on small screens the
 * sidebar becomes a drawer opened from a top bar.
 */
export function AppShell() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  const navigate = useNavigate();
  // The offer builder says itself what another tab is doing to its offer.
  const { pathname } = useLocation();
  const paper = { width: SIDEBAR_WIDTH, boxSizing: 'border-box' as const, borderRight: 1, borderColor: 'divider' };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {desktop ? (
        <Drawer
          variant="permanent"
          slotProps={{ paper: { sx: paper, 'aria-label': 'Sidebar' } }}
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}
        >
          <SidebarContent />
        </Drawer>
      ) : (
        <>
          <AppBar position="fixed" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Toolbar>
              <IconButton
                edge="start"
                aria-label="Open navigation"
                aria-controls="app-sidebar"
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen(true)}
              >
                <MenuIcon />
              </IconButton>
              <Link
                component={RouterLink}
                to={ROUTES.dashboard}
                underline="none"
                color="inherit"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 1 }}
              >
                <Logo size={28} />
                <Typography component="span" variant="subtitle1" sx={{ fontWeight: 800 }}>
                  {brandLabel(webConfig.companyName)}
                </Typography>
              </Link>
              <Box sx={{ flexGrow: 1 }} />
              <SupportButton variant="icon" />
            </Toolbar>
          </AppBar>
          <Drawer
            id="app-sidebar"
            variant="temporary"
            open={drawerOpen}
            onClose={closeDrawer}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { sx: paper, 'aria-label': 'Sidebar' } }}
          >
            <SidebarContent onNavigate={closeDrawer} />
          </Drawer>
        </>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, pt: desktop ? 0 : 7 }}>
        {pathname !== ROUTES.offerBuilder && <OtherJobsStrip onOpen={(path) => void navigate(path)} />}
        <Suspense fallback={<SessionLoading />}>
          {/* Every signed-in page's AI calls record their usage as the dashboard's. */}
          <UsageProvider usage={webUsage}>
            <Outlet />
          </UsageProvider>
        </Suspense>
      </Box>
    </Box>
  );
}
