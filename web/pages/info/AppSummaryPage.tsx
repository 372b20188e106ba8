import { useEffect, useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, Container, Link, Stack, Typography, type SvgIconProps } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import LayersIcon from '@mui/icons-material/LayersOutlined';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useAuthStatus } from '@/web/lib/sessionState.ts';
import { webStorage } from '@/web/lib/storage.ts';
import { IdeaGeneratorCard } from '../ideas/IdeaGeneratorCard.tsx';

interface Feature {
  title: string;
  description: string;
  points: string[];
  icon: ComponentType<SvgIconProps>;
  color: string;
}

/** The five feature blocks of the explainer. */
const FEATURES: readonly Feature[] = [
  {
    title: 'Choose your own AI',
    description:
      'Bring your own API key from OpenAI, Google Gemini, Anthropic, Cohere, AI21 or Hugging Face — or a local model. You stay in control of the model, the cost and your data.',
    points: [
      'Use the provider and model you trust',
      'Pay your provider directly, no mark-up',
      'Most requests go straight from your browser',
    ],
    icon: KeyIcon,
    color: '#4F46E5',
  },
  {
    title: 'Smart prompts',
    description:
      'Save your best prompts with [placeholders], fill them in when you run them, and get streaming answers you can copy or save.',
    points: ['Reusable templates with placeholders', 'Curated recommended prompts', 'Run them from the dashboard or the extension'],
    icon: AutoAwesomeIcon,
    color: '#9333EA',
  },
  {
    title: 'Prompt stacks',
    description: 'Chain ready-made prompts by category into stacks that build complete offers, funnels and launch assets step by step.',
    points: ['Stacks for marketing, sales and content', 'Free and premium categories', 'Turn an idea into a full offer'],
    icon: LayersIcon,
    color: '#0EA5E9',
  },
  {
    title: 'Quick document creation',
    description: 'Generate business plans, guides, e-mails and other documents from templates, then download them as DOCX, PDF or HTML.',
    points: ['Templates for common business documents', 'Edit, regenerate and export', 'Keep every document in your account'],
    icon: DescriptionIcon,
    color: '#10B981',
  },
  {
    title: 'Organization in folders',
    description: 'Keep prompts, documents and knowledge-base entries in nested folders so everything is easy to find again.',
    points: ['Nested folders with breadcrumbs', 'Sort by name or date', 'Import prompts in bulk'],
    icon: FolderIcon,
    color: '#F59E0B',
  },
];

/** /app-summary: the Startup Idea Generator, what the product does in five blocks, and where to start. */
export function AppSummaryPage() {
  // The final call-to-action goes to /dashboard when a stored user exists, otherwise /auth. The session layer stores
  // the user only once it has read the session, which may be after this page first reads storage: its signed-in
  // status, which follows, switches the button then.
  const [storedUser, setStoredUser] = useState(false);
  const signedIn = useAuthStatus() === 'signedIn';
  const hasStoredUser = storedUser || signedIn;
  useEffect(() => {
    let active = true;
    void webStorage.get('supabaseUser').then((user) => {
      if (active) setStoredUser(Boolean(user));
    });
    return () => {
      active = false;
    };
  }, []);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Link
        component={RouterLink}
        to={ROUTES.landing}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mb: 3, fontWeight: 600 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        Back to Home
      </Link>
      <PageHeader
        title={`What you can do with ${PRODUCT_NAME}`}
        subtitle="An AI toolkit for marketers, creators and entrepreneurs — powered by your own AI provider key."
      />

      <IdeaGeneratorCard />

      <Stack component="section" aria-label="Features" spacing={2.5}>
        {FEATURES.map((feature, i) => (
          <FeatureBlock key={feature.title} feature={feature} index={i} />
        ))}
      </Stack>

      <Card
        component="section"
        aria-labelledby="summary-cta-heading"
        sx={{
          mt: { xs: 4, md: 6 },
          border: 0,
          color: '#fff',
          background: 'linear-gradient(120deg, #4F46E5 0%, #7C3AED 60%, #9333EA 100%)',
        }}
      >
        <CardContent
          sx={{
            p: { xs: 3, md: 5 },
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'center' },
            justifyContent: 'space-between',
            gap: 3,
          }}
        >
          <Box>
            <Typography id="summary-cta-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
              Ready to build with your own AI?
            </Typography>
            <Typography sx={{ opacity: 0.9 }}>Add your key once, then run prompts, stacks and documents in minutes.</Typography>
          </Box>
          <Button
            component={RouterLink}
            to={hasStoredUser ? ROUTES.dashboard : ROUTES.auth}
            size="large"
            variant="contained"
            endIcon={<ArrowForwardIcon />}
            // A fixed dark indigo: the button stays white in both colour schemes.
            sx={{ bgcolor: '#fff', color: '#3730A3', flexShrink: 0, '&:hover': { bgcolor: alpha('#fff', 0.9) } }}
          >
            {hasStoredUser ? 'Go to Dashboard' : 'Get Started for Free'}
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}

function FeatureBlock({ feature, index }: { feature: Feature; index: number }) {
  const Icon = feature.icon;
  return (
    <Card component="article" aria-labelledby={`feature-${index}`}>
      <CardContent
        sx={{
          p: { xs: 2.5, md: 3.5 },
          display: 'grid',
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: 'auto 1.4fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            color: feature.color,
            bgcolor: alpha(feature.color, 0.12),
          }}
        >
          <Icon />
        </Box>
        <Box>
          <Typography id={`feature-${index}`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {feature.title}
          </Typography>
          <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
            {feature.description}
          </Typography>
        </Box>
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {feature.points.map((point) => (
            <Typography component="li" variant="body2" key={point} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Box
                component="span"
                aria-hidden
                sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: feature.color, flexShrink: 0, transform: 'translateY(-2px)' }}
              />
              {point}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
