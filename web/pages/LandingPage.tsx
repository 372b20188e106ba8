import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Container,
  Stack,
  Typography,
  type SvgIconProps,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { STOREFRONT_TEXTS } from '@/shared/core/storefront.ts';
import {
  ArrowForwardIcon,
  ConstructionIcon,
  FeedbackIcon,
  KeyIcon,
  LightbulbIcon,
  OpenInNewIcon,
  SparklesIcon,
  StoreIcon,
} from '@/shared/ui/icons.tsx';
import { webConfig } from '../lib/config.ts';
import { useAuthStatus } from '../lib/sessionState.ts';

interface LandingCard {
  title: string;
  description: string;
  icon: ComponentType<SvgIconProps>;
  color: string;
  /** Internal route, or an external URL opened in a new tab. */
  to?: string;
  href?: string;
}

const CARDS: readonly LandingCard[] = [
  {
    title: 'Startup Idea Generator',
    description: 'Turn a spark into a startup concept: ideas, offers and business plans written with your own AI.',
    icon: LightbulbIcon,
    color: '#F59E0B',
    to: ROUTES.appSummary,
  },
  {
    title: 'AI Tools',
    description: 'Free tools for creators: headline analyzer, color palettes, lorem ipsum and more on the way.',
    icon: SparklesIcon,
    color: '#4F46E5',
    to: ROUTES.freeTools,
  },
  {
    title: 'AI Marketplace',
    description: 'Discover AI products, prompt packs and templates made by other creators.',
    icon: StoreIcon,
    color: '#0EA5E9',
    href: webConfig.marketplaceUrl,
  },
  {
    title: 'Provide Feedback',
    description: 'Tell us what to build next and help shape the toolkit while it is being built.',
    icon: FeedbackIcon,
    color: '#10B981',
    href: webConfig.feedbackUrl,
  },
];

/** The landing page. */
export function LandingPage() {
  // 'Get Started for Free' (to /auth) for visitors, 'Go to Dashboard' once signed in.
  const signedIn = useAuthStatus() === 'signedIn';
  return (
    <>
      <Box
        component="section"
        aria-labelledby="landing-headline"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          background:
            'radial-gradient(1000px 420px at 15% -10%, rgba(79,70,229,0.16), transparent 60%), radial-gradient(800px 400px at 95% 10%, rgba(147,51,234,0.14), transparent 60%)',
        }}
      >
        <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 4 }, pb: { xs: 6, md: 10 } }}>
          <Alert
            severity="info"
            icon={<ConstructionIcon fontSize="inherit" />}
            role="status"
            sx={{ mb: { xs: 4, md: 7 }, borderRadius: 3, border: 1, borderColor: alpha('#0EA5E9', 0.35) }}
          >
            <strong>{PRODUCT_NAME} is in active development.</strong> Every tool here works with your own AI key; new ones arrive often, and
            you can ask for the next from your dashboard.
          </Alert>

          <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 820, mx: 'auto' }}>
            <Chip
              icon={<KeyIcon />}
              label="Bring your own AI key"
              color="primary"
              variant="outlined"
              sx={{ bgcolor: 'background.paper', fontWeight: 600 }}
            />
            <Typography id="landing-headline" variant="h1" sx={{ fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' }, lineHeight: 1.1 }}>
              Your AI toolkit for{' '}
              <Box
                component="span"
                sx={(t) => ({
                  background: 'linear-gradient(90deg, #4F46E5, #9333EA)',
                  WebkitBackgroundClip: 'text',
                  backgroundClip: 'text',
                  color: 'transparent',
                  ...t.applyStyles('dark', {
                    background: 'linear-gradient(90deg, #A5B4FC, #D8B4FE)',
                    WebkitBackgroundClip: 'text',
                    backgroundClip: 'text',
                  }),
                })}
              >
                marketers, creators and entrepreneurs
              </Box>
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ fontWeight: 400, maxWidth: 680, fontSize: { xs: '1.05rem', sm: '1.25rem' }, lineHeight: 1.6 }}
            >
              Generate startup ideas, offers and documents, run prompt stacks and keep your best prompts organized in folders — all with
              your own AI provider key.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}>
              {signedIn ? (
                <Button component={RouterLink} to={ROUTES.dashboard} variant="contained" size="large" endIcon={<ArrowForwardIcon />}>
                  Go to Dashboard
                </Button>
              ) : (
                <Button component={RouterLink} to={ROUTES.auth} variant="contained" size="large" endIcon={<ArrowForwardIcon />}>
                  Get Started for Free
                </Button>
              )}
              <Button component={RouterLink} to={ROUTES.freeTools} variant="outlined" size="large" sx={{ bgcolor: 'background.paper' }}>
                Explore AI Tools
              </Button>
              <Button component={RouterLink} to={ROUTES.products} variant="text" size="large">
                {STOREFRONT_TEXTS.landingLink}
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>

      <Container component="section" aria-label="Explore" maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          }}
        >
          {CARDS.map((card) => (
            <FeatureCard key={card.title} card={card} />
          ))}
        </Box>
      </Container>
    </>
  );
}

function FeatureCard({ card }: { card: LandingCard }) {
  const Icon = card.icon;
  const external = Boolean(card.href);
  const linkProps = external
    ? { component: 'a' as const, href: card.href, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: card.to ?? ROUTES.landing };

  return (
    <Card
      sx={{
        height: '100%',
        transition: 'transform 150ms ease, box-shadow 150ms ease, border-color 150ms ease',
        '&:hover': {
          transform: 'translateY(-2px)',
          boxShadow: '0 12px 32px rgba(17,24,39,0.08)',
          borderColor: alpha(card.color, 0.5),
        },
      }}
    >
      <CardActionArea {...linkProps} sx={{ height: '100%', alignItems: 'stretch', display: 'flex' }}>
        <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, width: '100%' }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              color: card.color,
              bgcolor: alpha(card.color, 0.12),
            }}
          >
            <Icon />
          </Box>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.125rem', lineHeight: 1.35 }}>
            {card.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {card.description}
          </Typography>
          <CardFooter external={external}>{external ? 'Opens in a new tab' : 'Open'}</CardFooter>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function CardFooter({ external, children }: { external: boolean; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'primary.main', pt: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
      {external ? <OpenInNewIcon sx={{ fontSize: 16 }} /> : <ArrowForwardIcon sx={{ fontSize: 16 }} />}
    </Stack>
  );
}
