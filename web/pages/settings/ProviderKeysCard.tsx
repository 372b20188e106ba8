import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button } from '@mui/material';
import { authPathFor } from '@/shared/core/routes.ts';
import { ProviderKeysCard as SharedProviderKeysCard } from '@/shared/ui/keys/ProviderKeysCard.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useAuthStatus, useUser } from '@/web/lib/sessionState.ts';

/**
 * Settings → Provider Keys in the dashboard: the shared card (also the extension's) over the
 * dashboard's key flows (localStorage + the account); "Sign in" goes to /auth and back here.
 */
export function ProviderKeysCard() {
  const status = useAuthStatus();
  const user = useUser();
  const location = useLocation();
  const userId = status === 'loading' ? undefined : (user?.id ?? null);
  const keys = useProviderKeys(userId);
  return (
    <SharedProviderKeysCard
      keys={keys}
      signedIn={status === 'loading' ? undefined : Boolean(user)}
      signInAction={
        <Button component={RouterLink} to={authPathFor(location.pathname)} color="inherit" size="small">
          Sign in
        </Button>
      }
    />
  );
}
