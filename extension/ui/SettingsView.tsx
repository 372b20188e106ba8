import { useEffect, useState } from 'react';
import { Button, Divider, FormControl, FormControlLabel, InputLabel, MenuItem, Select, Stack, Switch, Typography } from '@mui/material';
import { browser } from 'wxt/browser';
import { DEFAULT_PANEL_PREFS, extItems } from '@/extension/lib/items.ts';
import { dropAllSitesAccess, hasAllSitesAccess, requestAllSitesAccess } from '@/extension/lib/tabs.ts';
import { ColorModeChoice } from '@/shared/ui/ColorModeChoice.tsx';
import { ProviderKeysCard } from '@/shared/ui/keys/ProviderKeysCard.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import type { AccountStatus } from './account.ts';
import { usePanelKeys } from './usePanelKeys.ts';
import { useStoredItem } from './useStoredItem.ts';

/**
 * The side panel's settings: the provider keys (the dashboard's own card, over extension
 * storage), how much page text {{page}} takes, whether the panel may read every tab without a
 * click, and the colour scheme.
 */

export const PAGE_TEXT_LIMITS = [4_000, 12_000, 30_000, 60_000] as const;

export interface SettingsViewProps {
  status: AccountStatus;
  userId: string | null;
  onSignIn: () => void;
}

const requestOrigin = (pattern: string) => browser.permissions.request({ origins: [pattern] });

export function SettingsView({ status, userId, onSignIn }: SettingsViewProps) {
  const keys = usePanelKeys(status === 'loading' ? undefined : userId, requestOrigin);
  return (
    <Stack spacing={3} sx={{ pb: 2 }}>
      <ProviderKeysCard
        keys={keys}
        dense
        place="this browser's extension storage"
        signedIn={status === 'loading' ? undefined : status === 'signedIn'}
        signInAction={
          <Button color="inherit" size="small" onClick={onSignIn}>
            Sign in
          </Button>
        }
      />
      <Divider />
      <PageReadingSettings />
      <Divider />
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          Appearance
        </Typography>
        <ColorModeChoice />
      </Stack>
    </Stack>
  );
}

function PageReadingSettings() {
  const notify = useNotify();
  const prefs = useStoredItem(extItems.panelPrefs, DEFAULT_PANEL_PREFS);
  const [followAll, setFollowAll] = useState<boolean | null>(null);
  useEffect(() => {
    void hasAllSitesAccess().then(setFollowAll, () => setFollowAll(false));
  }, []);

  const setLimit = (pageTextLimit: number) => void extItems.panelPrefs.setValue({ ...prefs, pageTextLimit });
  const toggleFollow = (on: boolean) => {
    // The permission prompt must open inside the click.
    const change = on ? requestAllSitesAccess() : dropAllSitesAccess().then(() => false);
    void change
      .then((granted) => {
        setFollowAll(on ? granted : false);
        if (on && !granted) notify({ title: 'Permission Not Granted', description: 'The side panel reads a page when you ask it to.' });
      })
      .catch((error: unknown) => notify({ title: 'Permission Error', description: String(error), variant: 'destructive' }));
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Reading pages
      </Typography>
      <FormControl size="small" fullWidth>
        <InputLabel id="page-limit-label">Page text for {'{{page}}'}</InputLabel>
        <Select
          labelId="page-limit-label"
          label="Page text for {{page}}"
          value={
            PAGE_TEXT_LIMITS.includes(prefs.pageTextLimit as (typeof PAGE_TEXT_LIMITS)[number])
              ? prefs.pageTextLimit
              : DEFAULT_PANEL_PREFS.pageTextLimit
          }
          onChange={(e) => setLimit(Number(e.target.value))}
        >
          {PAGE_TEXT_LIMITS.map((limit) => (
            <MenuItem key={limit} value={limit}>
              Up to {limit.toLocaleString('en-US')} characters
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Typography variant="body2" color="text.secondary">
        Longer pages are cut to this size, and the panel says so. More text costs more tokens.
      </Typography>
      <FormControlLabel
        control={<Switch checked={Boolean(followAll)} disabled={followAll === null} onChange={(e) => toggleFollow(e.target.checked)} />}
        label="Follow every tab"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: '-8px !important' }}>
        Lets the panel read each page you switch to without asking first. Off: it reads a page when you click “Read this page”.
      </Typography>
    </Stack>
  );
}
