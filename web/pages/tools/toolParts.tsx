import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Box, Button, Card, CardContent, Chip, Container, Link, Typography, type SvgIconProps } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ColorIcon from '@mui/icons-material/PaletteOutlined';
import DocIcon from '@mui/icons-material/DescriptionOutlined';
import HeadlineIcon from '@mui/icons-material/TitleOutlined';
import KnowledgeIcon from '@mui/icons-material/MenuBookOutlined';
import LoremIcon from '@mui/icons-material/NotesOutlined';
import OfferIcon from '@mui/icons-material/RocketLaunchOutlined';
import RecommendedIcon from '@mui/icons-material/StarOutlineOutlined';
import StacksIcon from '@mui/icons-material/LayersOutlined';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import { ROUTES } from '@/shared/core/routes.ts';
import type { ToolEntry } from '@/shared/core/tools/catalog.ts';
import { accentText } from '@/shared/ui/colorMode.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { COPIED_TEXT } from '@/shared/core/text.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';

/** Icon and accent colour of each tool card. */
const TOOL_LOOKS: Record<string, { icon: ComponentType<SvgIconProps>; color: string }> = {
  'headline-analyzer': { icon: HeadlineIcon, color: '#4F46E5' },
  'color-palette': { icon: ColorIcon, color: '#EC4899' },
  'lorem-ipsum': { icon: LoremIcon, color: '#0EA5E9' },
  'offer-builder': { icon: OfferIcon, color: '#9333EA' },
  'document-generator': { icon: DocIcon, color: '#10B981' },
  'prompt-stacks': { icon: StacksIcon, color: '#0EA5E9' },
  'recommended-prompts': { icon: RecommendedIcon, color: '#F59E0B' },
  'knowledge-base': { icon: KnowledgeIcon, color: '#64748B' },
  'file-manager': { icon: WorkspacesIcon, color: '#0D9488' },
};

function IconBadge({ icon: Icon, color, size = 48 }: { icon: ComponentType<SvgIconProps>; color: string; size?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: 3,
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

/**
 * A card that opens a tool. The title is the link (so its accessible name is the title) and its
 * ::after stretches over the whole card, so the card is clickable anywhere.
 */
export function ToolCard({ tool, headingLevel = 'h2' }: { tool: ToolEntry; headingLevel?: 'h2' | 'h3' }) {
  const look = TOOL_LOOKS[tool.id] ?? { icon: HeadlineIcon, color: '#4F46E5' };
  return (
    <Card
      sx={{
        height: '100%',
        position: 'relative',
        transition: 'transform 150ms ease, box-shadow 150ms ease, border-color 150ms ease',
        '&:hover': { transform: 'translateY(-2px)', boxShadow: '0 12px 32px rgba(17,24,39,0.08)', borderColor: alpha(look.color, 0.5) },
        '&:has(a:focus-visible)': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <IconBadge icon={look.icon} color={look.color} />
          <Chip label={tool.badge} size="small" sx={[{ bgcolor: alpha(look.color, 0.1), fontWeight: 600 }, accentText(look.color, 0.45)]} />
        </Box>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component={headingLevel} sx={{ lineHeight: 1.3 }}>
            <Link
              component={RouterLink}
              to={tool.to}
              color="inherit"
              underline="none"
              sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 }, '&:focus-visible': { outline: 'none' } }}
            >
              {tool.title}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            {tool.description}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          sx={[{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 0.5 }, accentText(look.color, 0.3)]}
          aria-hidden
        >
          Open tool <ArrowForwardIcon fontSize="small" />
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The frame of a free tool page: back link, one h1, the tool. */
export function ToolPage({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  // The tools keep what is typed before the page's scripts run (useKeptEarlyInput): their fields stay usable then.
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} data-keeps-early-input="">
      <Button component={RouterLink} to={ROUTES.freeTools} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 2, ml: -1 }}>
        All free tools
      </Button>
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </Container>
  );
}

/** Copies text to the clipboard and says so with a notice; resolves whether it worked. */
export function useCopyText(): (text: string, title?: string) => Promise<boolean> {
  const notify = useNotify();
  return async (text, title = COPIED_TEXT) => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title, description: text.length > 120 ? `${text.slice(0, 117)}…` : text });
      return true;
    } catch {
      notify({
        title: 'Copy failed',
        description: 'Your browser blocked access to the clipboard. Select the text and copy it by hand.',
        variant: 'destructive',
      });
      return false;
    }
  };
}
