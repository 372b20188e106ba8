import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Container,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
  type SvgIconProps,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import AiToolsIcon from '@mui/icons-material/AutoFixHighOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import DocIcon from '@mui/icons-material/DescriptionOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FoldersIcon from '@mui/icons-material/FolderOutlined';
import IdeasIcon from '@mui/icons-material/LightbulbOutlined';
import MyPromptsIcon from '@mui/icons-material/ArticleOutlined';
import NewDocIcon from '@mui/icons-material/NoteAddOutlined';
import NewOfferIcon from '@mui/icons-material/RocketLaunchOutlined';
import NewPromptIcon from '@mui/icons-material/PostAddOutlined';
import StacksIcon from '@mui/icons-material/LayersOutlined';
import SupportIcon from '@mui/icons-material/HelpOutlineOutlined';
import TrainingIcon from '@mui/icons-material/SchoolOutlined';
import WorkflowsIcon from '@mui/icons-material/AccountTreeOutlined';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import { ROUTES } from '@/shared/core/routes.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProfile, useUser } from '@/web/lib/sessionState.ts';
import { NEW_PROMPT_STATE } from '../library/newPromptRequest.ts';
import { GettingStartedCard } from './GettingStartedCard.tsx';
import { useGettingStarted } from './useGettingStarted.ts';

interface Tile {
  title: string;
  description: string;
  to: string;
  icon: ComponentType<SvgIconProps>;
  color: string;
}

/** The Key Features cards, in order. */
const KEY_FEATURES: readonly Tile[] = [
  {
    title: 'Main Dashboard',
    description: 'Your starting point: everything in one place.',
    to: ROUTES.dashboard,
    icon: DashboardIcon,
    color: '#4F46E5',
  },
  {
    title: 'AI Tools',
    description: 'Generators for ideas, offers, copy and more.',
    to: ROUTES.aiTools,
    icon: AiToolsIcon,
    color: '#9333EA',
  },
  {
    title: 'Prompt Stacks',
    description: 'Ready-made prompts by category, ready to run.',
    to: ROUTES.promptStacks,
    icon: StacksIcon,
    color: '#0EA5E9',
  },
  {
    title: 'Manage Folders',
    description: 'Organize documents, prompts and knowledge.',
    to: ROUTES.manageFolders,
    icon: FoldersIcon,
    color: '#F59E0B',
  },
  {
    title: 'My Prompts/Stacks',
    description: 'Your own prompt library with folders.',
    to: ROUTES.myPrompts,
    icon: MyPromptsIcon,
    color: '#10B981',
  },
  {
    title: 'Training',
    description: 'Short videos to get the most out of AI Vault.',
    to: ROUTES.training,
    icon: TrainingIcon,
    color: '#EC4899',
  },
  {
    title: 'Support',
    description: 'Answers, contact details and the contact form.',
    to: ROUTES.support,
    icon: SupportIcon,
    color: '#64748B',
  },
];

/** Quick Access (plus Quick Create, below), with Saved Ideas and the File Manager, which the sidebar does not list. */
const QUICK_ACCESS: readonly Tile[] = [
  {
    title: 'Doc Generator',
    description: 'Create a document from a template.',
    to: ROUTES.documentGenerator,
    icon: DocIcon,
    color: '#10B981',
  },
  { title: 'Workflows', description: 'Automate multi-step AI work.', to: ROUTES.workflows, icon: WorkflowsIcon, color: '#0EA5E9' },
  { title: 'Saved Ideas', description: 'Your saved startup ideas.', to: ROUTES.savedIdeas, icon: IdeasIcon, color: '#F59E0B' },
  {
    title: 'File Manager',
    description: 'Workspaces, and what others shared with you.',
    to: ROUTES.fileManager,
    icon: WorkspacesIcon,
    color: '#9333EA',
  },
];

/** Quick Create: built for real instead of an 'in progress' notice. */
const CREATE_ACTIONS: readonly { label: string; to: string; state?: object; icon: ComponentType<SvgIconProps> }[] = [
  { label: 'New prompt', to: ROUTES.myPrompts, state: NEW_PROMPT_STATE, icon: NewPromptIcon },
  { label: 'New document', to: ROUTES.documentGenerator, icon: NewDocIcon },
  { label: 'New offer', to: ROUTES.offerBuilder, icon: NewOfferIcon },
];

function IconBadge({ icon: Icon, color, size = 44 }: { icon: ComponentType<SvgIconProps>; color: string; size?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: 2.5,
        display: 'grid',
        placeItems: 'center',
        color,
        bgcolor: alpha(color, 0.12),
        flexShrink: 0,
      }}
    >
      <Icon />
    </Box>
  );
}

const cardHover = (color: string) => ({
  height: '100%',
  transition: 'transform 150ms ease, box-shadow 150ms ease, border-color 150ms ease',
  '&:hover': { transform: 'translateY(-2px)', boxShadow: '0 12px 32px rgba(17,24,39,0.08)', borderColor: alpha(color, 0.5) },
});

function FeatureCard({ tile }: { tile: Tile }) {
  return (
    <Card sx={cardHover(tile.color)}>
      <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%' }}>
        <CardContent sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
          <IconBadge icon={tile.icon} color={tile.color} />
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {tile.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {tile.description}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function QuickTile({ tile }: { tile: Tile }) {
  return (
    <Card sx={cardHover(tile.color)}>
      <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%' }}>
        <QuickTileBody icon={tile.icon} color={tile.color} title={tile.title} description={tile.description} />
      </CardActionArea>
    </Card>
  );
}

function QuickTileBody(props: {
  icon: ComponentType<SvgIconProps>;
  color: string;
  title: string;
  description: string;
  trailing?: 'arrow' | 'menu';
}) {
  return (
    <CardContent sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2, height: '100%' }}>
      <IconBadge icon={props.icon} color={props.color} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {props.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {props.description}
        </Typography>
      </Box>
      {props.trailing === 'menu' ? (
        <ExpandMoreIcon sx={{ color: 'text.secondary' }} aria-hidden />
      ) : (
        <ArrowForwardIcon sx={{ color: 'text.secondary', fontSize: 20 }} aria-hidden />
      )}
    </CardContent>
  );
}

function QuickCreate() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const color = '#4F46E5';
  return (
    // The fifth tile of a two-column grid: it takes the whole last row.
    <Card sx={{ ...cardHover(color), gridColumn: { sm: '1 / -1' } }}>
      <CardActionArea
        id="quick-create-button"
        aria-haspopup="menu"
        aria-controls={open ? 'quick-create-menu' : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ height: '100%' }}
      >
        <QuickTileBody icon={AddIcon} color={color} title="Quick Create" description="Start a prompt, document or offer." trailing="menu" />
      </CardActionArea>
      <Menu
        id="quick-create-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'quick-create-button' }, paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        {CREATE_ACTIONS.map((action) => {
          const Icon = action.icon;
          return (
            <MenuItem key={action.label} component={RouterLink} to={action.to} state={action.state} onClick={() => setAnchor(null)}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </Card>
  );
}

/** /dashboard: greeting, Key Features and Quick Access. */
export function DashboardPage() {
  const user = useUser();
  const profile = useProfile();
  const metaName = user?.user_metadata?.name;
  const who = profile?.name?.trim() || (typeof metaName === 'string' && metaName.trim()) || user?.email || '';
  const gettingStarted = useGettingStarted(user?.id ?? '');
  // "Welcome back" once the database says this account was here before; "Welcome" on its first visit (and while unknown).
  const greeting = gettingStarted.returning === true ? 'Welcome back' : 'Welcome';

  return (
    // A long e-mail address in the greeting wraps instead of widening the page.
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, '& h1': { overflowWrap: 'anywhere' } }}>
      <PageHeader
        title={who ? `${greeting}, ${who}` : greeting}
        subtitle={
          gettingStarted.returning === false
            ? 'Here is everything AI Vault does. Start with the steps below.'
            : 'Pick up where you left off, or start something new.'
        }
      />

      <Stack spacing={{ xs: 4, md: 5 }}>
        {gettingStarted.steps && (
          <GettingStartedCard steps={gettingStarted.steps} onDismiss={gettingStarted.dismiss} dismissing={gettingStarted.dismissing} />
        )}
        <Box component="section" aria-labelledby="key-features-heading">
          <Typography id="key-features-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            Key Features
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 1.5, sm: 2 },
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {KEY_FEATURES.map((tile) => (
              <FeatureCard key={tile.title} tile={tile} />
            ))}
          </Box>
        </Box>
        <Box component="section" aria-labelledby="quick-access-heading">
          <Typography id="quick-access-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            Quick Access
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            {QUICK_ACCESS.map((tile) => (
              <QuickTile key={tile.title} tile={tile} />
            ))}
            <QuickCreate />
          </Box>
        </Box>
      </Stack>
    </Container>
  );
}
