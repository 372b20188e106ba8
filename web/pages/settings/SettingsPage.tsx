import { Container, Stack } from '@mui/material';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { AppearanceCard } from './AppearanceCard.tsx';
import { ConnectExtensionCard } from './ConnectExtensionCard.tsx';
import { ProviderKeysCard } from './ProviderKeysCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

/** /settings: the provider keys, account security, appearance. */
export function SettingsPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader title="Settings" subtitle="Your AI provider keys, account security and appearance." />
      <Stack spacing={3}>
        <ProviderKeysCard />
        <TwoFactorCard />
        <ConnectExtensionCard />
        <AppearanceCard />
      </Stack>
    </Container>
  );
}
