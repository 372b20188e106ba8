import { useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { SEARCH_PROVIDER_NAMES, SEARCH_PROVIDERS, WEB_SEARCH_TEXTS, type SearchProviderId } from '@/shared/core/webSearch.ts';
import { fetchSearchSetting, type SearchSetting } from '@/shared/data/webSearch.ts';
import { useWebSearchSettingMutations } from '../queries/webSearch.ts';
import { errorMessage, type DataClient } from '../query.ts';

/**
 * Settings → Web search: the one search service a user's runs search the web with (Brave Search
 * or Tavily with their key, or their own SearXNG server). Kept in the account (encrypted, through
 * the web-search function), so it needs a sign-in; the key is never shown again once saved.
 */
export function WebSearchKeyCard({ client, signedIn }: { client: DataClient; signedIn: boolean }) {
  const [setting, setSetting] = useState<SearchSetting | null | undefined>(undefined);
  const [provider, setProvider] = useState<SearchProviderId>('brave');
  const [apiKey, setApiKey] = useState('');
  const [url, setUrl] = useState('');
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const { save: saveSetting, remove: removeSetting } = useWebSearchSettingMutations(client);
  const busy = saveSetting.isPending || removeSetting.isPending;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void client()
      .then(fetchSearchSetting)
      .then(({ data, error }) => {
        if (!live) return;
        if (error) return setNotice({ severity: 'error', text: error.message });
        setSetting(data);
        if (data) {
          setProvider(data.provider);
          setUrl(data.searxngUrl ?? '');
        }
      });
    return () => {
      live = false;
    };
  }, [client, signedIn]);

  const save = async () => {
    if (provider !== 'searxng' && !apiKey.trim()) return setNotice({ severity: 'error', text: WEB_SEARCH_TEXTS.emptyKey });
    if (provider === 'searxng' && !/^https?:\/\/\S+$/i.test(url.trim()))
      return setNotice({ severity: 'error', text: WEB_SEARCH_TEXTS.badUrl });
    let read: SearchSetting | null;
    try {
      read = await saveSetting.mutateAsync({
        provider,
        apiKey: apiKey.trim() || undefined,
        searxngUrl: provider === 'searxng' ? url.trim() : undefined,
      });
    } catch (error) {
      return setNotice({ severity: 'error', text: errorMessage(error) });
    }
    setSetting(read);
    setApiKey('');
    setNotice({ severity: 'success', text: WEB_SEARCH_TEXTS.saved(provider) });
  };

  const remove = async () => {
    try {
      await removeSetting.mutateAsync();
    } catch (error) {
      return setNotice({ severity: 'error', text: errorMessage(error) });
    }
    setSetting(null);
    setApiKey('');
    setUrl('');
    setNotice({ severity: 'success', text: WEB_SEARCH_TEXTS.removed });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-web-search-title">
      <CardContent>
        <Typography id="settings-web-search-title" variant="h6" component="h2" gutterBottom>
          {WEB_SEARCH_TEXTS.settingsTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {WEB_SEARCH_TEXTS.settingsHelp}
        </Typography>
        {!signedIn ? (
          <Alert severity="info">Sign in to add a web search key: it is kept in your account.</Alert>
        ) : (
          <Stack
            spacing={2}
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
            noValidate
          >
            {setting && (
              <Typography data-testid="web-search-current">
                {WEB_SEARCH_TEXTS.saved(setting.provider)}
                {setting.provider === 'searxng' && setting.searxngUrl ? ` (${setting.searxngUrl})` : ''}
              </Typography>
            )}
            <TextField
              select
              label={WEB_SEARCH_TEXTS.serviceLabel}
              value={provider}
              onChange={(event) => {
                setProvider(event.target.value as SearchProviderId);
                setNotice(null);
              }}
              sx={{ maxWidth: 320 }}
            >
              {SEARCH_PROVIDERS.map((id) => (
                <MenuItem key={id} value={id}>
                  {SEARCH_PROVIDER_NAMES[id]}
                </MenuItem>
              ))}
            </TextField>
            {provider === 'searxng' && (
              <TextField
                label={WEB_SEARCH_TEXTS.urlLabel}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="https://search.example.com"
                type="url"
                autoComplete="off"
              />
            )}
            <TextField
              label={provider === 'searxng' ? WEB_SEARCH_TEXTS.searxngKeyLabel : WEB_SEARCH_TEXTS.keyLabel(provider)}
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              type="password"
              autoComplete="off"
              helperText={setting?.hasKey && setting.provider === provider ? 'A key is saved; enter a new one to replace it.' : undefined}
            />
            {notice && (
              <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
                {notice.text}
              </Alert>
            )}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" loading={busy}>
                {WEB_SEARCH_TEXTS.save}
              </Button>
              {setting && (
                <Button variant="outlined" color="error" onClick={() => void remove()} disabled={busy}>
                  {WEB_SEARCH_TEXTS.remove}
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
