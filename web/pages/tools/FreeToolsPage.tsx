import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import LoginIcon from '@mui/icons-material/Login';
import { ROUTES } from '@/shared/core/routes.ts';
import { FREE_TOOLS } from '@/shared/core/tools/catalog.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useAuthStatus } from '@/web/lib/sessionState.ts';
import { ToolCard } from './toolParts.tsx';

/** /free-tools: three tools, built for real, open to everyone. */
export function FreeToolsPage() {
  const status = useAuthStatus();
  const signedIn = status === 'signedIn';

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader title="Free Tools" subtitle="Quick helpers for marketers and creators. Free to use, no sign-in needed." />
      <Grid container spacing={3}>
        {FREE_TOOLS.map((tool) => (
          <Grid key={tool.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <ToolCard tool={tool} />
          </Grid>
        ))}
      </Grid>

      {status !== 'loading' && (
        <Card
          sx={{
            mt: 5,
            borderColor: (t) => alpha(t.palette.primary.main, 0.25),
            background: (t) => `linear-gradient(135deg, ${alpha(t.palette.primary.main, 0.06)}, ${alpha(t.palette.secondary.main, 0.06)})`,
          }}
        >
          <CardContent sx={{ p: { xs: 3, md: 4 } }}>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={3}
              sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
            >
              <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ color: 'primary.main', display: { xs: 'none', sm: 'block' }, pt: 0.5 }}>
                  <AutoAwesomeIcon />
                </Box>
                <Box>
                  <Typography variant="h6" component="h2">
                    {signedIn ? 'More tools in your dashboard' : 'Want the AI tools too?'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 560 }}>
                    {signedIn
                      ? 'The Offer Builder, Document Generator, Prompt Stacks and more are waiting in AI Tools.'
                      : 'Sign in to build offers, generate documents and run prompt stacks with your own AI key.'}
                  </Typography>
                </Box>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexShrink: 0 }}>
                {signedIn ? (
                  <Button component={RouterLink} to={ROUTES.aiTools} variant="contained">
                    Open AI Tools
                  </Button>
                ) : (
                  <>
                    <Button component={RouterLink} to={ROUTES.auth} variant="contained" startIcon={<LoginIcon />}>
                      Sign In / Up
                    </Button>
                    <Button component={RouterLink} to={ROUTES.landing} variant="outlined" startIcon={<ArrowBackIcon />}>
                      Back to Home
                    </Button>
                  </>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Container>
  );
}
