import { ROUTES } from '@/shared/core/routes.ts';
import { ErrorScreen, useReportedError } from '@/shared/ui/ErrorScreen.tsx';
import { webConfig } from '../lib/config.ts';
import { useLocation, useNavigate } from '../lib/navigation.tsx';
import { supabase } from '../lib/supabase.ts';

/** The public entry's error screen (loaded only when a page throws): the same screen as the full app's. */
export function PublicPageError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useReportedError(supabase, error, { path: pathname, release: webConfig.release, surface: 'dashboard' });
  return (
    <ErrorScreen
      onReload={() => window.location.reload()}
      back={{ label: 'Back to the home page', onClick: () => void navigate(ROUTES.landing) }}
    />
  );
}
