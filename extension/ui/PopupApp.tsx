import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { Box, Button, Chip, CircularProgress, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ViewSidebarOutlinedIcon from '@mui/icons-material/ViewSidebarOutlined';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { KEY_TEXTS, PROVIDER_IDS, PROVIDER_KEYS } from '@/shared/core/providerKeys.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { extItems, NO_RECENT_PROMPTS, recentPromptsOf, type RecentPrompt } from '@/extension/lib/items.ts';
import { sendMessage } from '@/extension/lib/messaging.ts';
import { Logo } from '@/shared/ui/Logo.tsx';
import { ExtErrorBoundary } from './ExtErrorBoundary.tsx';
import { NoticeViewport } from '@/shared/ui/NoticeViewport.tsx';
import { createQueryClient, useClearOnUserChange } from '@/shared/ui/query.ts';
import { ThemeRoot } from '@/shared/ui/ThemeRoot.tsx';
import { useAccount } from './account.ts';
import { useOpenPanel } from './panelOpen.ts';
import { relativeTime } from '@/shared/ui/time.ts';
import { providerReady, useKeyStatus } from './useKeyStatus.ts';
import { useStoredItem } from './useStoredItem.ts';

/**
 * The toolbar popup: who is signed in, which provider keys are set, the five prompts run last
 * (one click runs one in the side panel), and the ways into the side panel and the dashboard.
 */

export function PopupApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ThemeRoot surface="paper">
          <ExtErrorBoundary surface="popup" view="/popup" back={{ label: 'Try again', onClick: () => undefined }}>
            <Popup />
          </ExtErrorBoundary>
          <NoticeViewport />
        </ThemeRoot>
      </JotaiProvider>
    </QueryClientProvider>
  );
}

function Popup() {
  const account = useAccount();
  // Another account (or none) never sees the previous one's server data.
  useClearOnUserChange(account.status === 'loading' ? undefined : account.status === 'signedIn' ? (account.user?.id ?? null) : null);
  const panel = useOpenPanel();
  const keys = useKeyStatus();
  const signedIn = account.status === 'signedIn';
  const recent = recentPromptsOf(useStoredItem(extItems.recentPrompts, NO_RECENT_PROMPTS), signedIn ? account.user?.id : null);

  const openPanel = () => {
    void panel.open().then(() => window.close());
  };
  const runInPanel = (prompt: RecentPrompt) => {
    // Open first, inside the click; the panel takes the queued run when it starts (or at once if open).
    const opening = panel.open();
    void extItems.pendingRun
      .setValue({ promptId: prompt.id, selection: null, source: 'popup', tabId: null, createdAt: new Date().toISOString() })
      .then(() => opening)
      .then(() => window.close());
  };
  const openDashboard = () => void sendMessage('dashboard:open', { path: ROUTES.dashboard }).then(() => window.close());

  return (
    <Box component="main" sx={{ width: 360, maxWidth: '100vw', p: 2 }}>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
        <Logo size={32} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" sx={{ lineHeight: 1.2 }}>
            {PRODUCT_NAME}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {account.status === 'loading' ? 'Checking your account…' : signedIn ? `Signed in as ${account.user?.email}` : 'Not signed in'}
          </Typography>
        </Box>
        {account.status === 'loading' && <CircularProgress size={18} aria-label="Loading" />}
      </Stack>

      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          startIcon={<ViewSidebarOutlinedIcon />}
          onClick={openPanel}
          disabled={!panel.ready}
          sx={{ flex: 1, whiteSpace: 'nowrap' }}
        >
          {signedIn ? 'Open side panel' : 'Sign in'}
        </Button>
        <Button variant="outlined" startIcon={<OpenInNewIcon />} onClick={openDashboard} sx={{ whiteSpace: 'nowrap' }}>
          Dashboard
        </Button>
      </Stack>

      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Provider keys
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 0.75 }}
        aria-label="Provider keys"
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {PROVIDER_IDS.map((id) => {
          const ready = providerReady(keys, id);
          return (
            <Box component="li" key={id}>
              <Chip
                size="small"
                variant={ready ? 'filled' : 'outlined'}
                color={ready ? 'success' : 'default'}
                icon={ready ? <CheckIcon /> : undefined}
                label={PROVIDER_KEYS[id].label}
                aria-label={`${PROVIDER_KEYS[id].label}: ${ready ? 'key set' : 'no key'}`}
              />
            </Box>
          );
        })}
      </Stack>
      {keys.loaded && !PROVIDER_IDS.some((id) => providerReady(keys, id)) && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Add a key in the side panel's Settings to run prompts.
        </Typography>
      )}

      {signedIn && (
        <>
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
            Recent prompts
          </Typography>
          {recent.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Prompts you run appear here.
            </Typography>
          ) : (
            <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Recent prompts">
              {recent.map((prompt) => (
                <Stack component="li" key={prompt.id} direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                      {prompt.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {relativeTime(prompt.ranAt)}
                    </Typography>
                  </Box>
                  <Tooltip title="Run in the side panel">
                    <span>
                      <IconButton
                        aria-label={`Run ${prompt.name} in the side panel`}
                        onClick={() => runInPanel(prompt)}
                        disabled={!panel.ready}
                        color="primary"
                      >
                        <PlayArrowIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              ))}
            </Stack>
          )}
        </>
      )}
      {!signedIn && account.status !== 'loading' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {KEY_TEXTS.signInToSync}
        </Typography>
      )}
    </Box>
  );
}
