import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { AppearanceCard } from './AppearanceCard.tsx';
import { ConnectExtensionCard } from './ConnectExtensionCard.tsx';
import { PlanCard } from './PlanCard.tsx';
import { ProviderKeysCard } from './ProviderKeysCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { YourDataCard } from './YourDataCard.tsx';
import { WebSearchCard } from './WebSearchCard.tsx';

/** /settings: the provider keys, account security, appearance, plan, usage and budgets, team, your data. */
export function SettingsPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader title="Settings" subtitle="Your AI provider keys, account security, appearance and your data." />
      <Stack spacing={3}>
        <ProviderKeysCard />
        <WebSearchCard />
        <TwoFactorCard />
        <ConnectExtensionCard />
        <AppearanceCard />
        <PlanCard />
        <Card variant="outlined" component="section" aria-labelledby="settings-usage-title">
          <CardContent>
            <Typography id="settings-usage-title" variant="h6" component="h2" gutterBottom>
              Usage and budgets
            </Typography>
            <Typography color="text.secondary" gutterBottom>
              What your AI calls cost, your currency, monthly budgets, when big jobs ask first, and prices of your own.
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={ROUTES.usage} variant="outlined">
                Usage
              </Button>
              <Button component={RouterLink} to={`${ROUTES.usage}?tab=settings`} variant="outlined">
                Budgets and prices
              </Button>
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="settings-team-title">
          <CardContent>
            <Typography id="settings-team-title" variant="h6" component="h2" gutterBottom>
              Team
            </Typography>
            <Typography color="text.secondary" gutterBottom>
              Members, their roles and invitations (Team plan).
            </Typography>
            <Button component={RouterLink} to={ROUTES.teamSettings} variant="outlined">
              Team settings
            </Button>
          </CardContent>
        </Card>
        <YourDataCard />
      </Stack>
    </Container>
  );
}
