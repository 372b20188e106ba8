import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, CardContent, CircularProgress, Divider, LinearProgress, Link, Stack, Typography } from '@mui/material';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { testProviderKey, untestableReason, type KeyTestResult } from '@/shared/ai/keyTest.ts';
import { BASE_URL_EXAMPLES, KEY_TEXTS, PROVIDER_KEYS, maskKey, type ProviderId } from '@/shared/core/providerKeys.ts';
import type { ProviderKeysState } from '@/shared/data/providerKeys.ts';
import { useKeyWriteMutation, type KeyWriteOrigin } from '../queries/providerKeys.ts';
import { RowHeader, SavedValue, SaveField, TestResult } from './keyFields.tsx';

/**
 * Provider Keys, one component for the
 * dashboard's Settings and the extension's side panel: a key per provider, saved locally and, when
 * signed in, to the account; masked after saving with reveal, clear and "Test key"; plus the
 * optional OpenAI-compatible base URL (Ollama, LM Studio). Each front end passes its own key flows
 * (the shared ones of shared/data/apiKeys.ts over its own storage) and its own sign-in action.
 */

const MAIN_PROVIDERS: ProviderId[] = ['openai', 'gemini', 'anthropic', 'cohere', 'ai21', 'huggingface'];

/** The key flows a front end provides (web/lib/providerKeys.ts, extension/ui/usePanelKeys.ts). */
export interface ProviderKeysFlow {
  /** False until the keys for the current account (or for signed-out use) are loaded. */
  ready: boolean;
  state: ProviderKeysState;
  saveKey(provider: ProviderId, raw: string): Promise<unknown>;
  saveBaseUrl(raw: string): Promise<unknown>;
}

export interface ProviderKeysCardProps {
  keys: ProviderKeysFlow;
  /** undefined while the session loads; false shows the "Sign in to sync" notice (visitors keep keys in this browser only). */
  signedIn: boolean | undefined;
  /** The notice's sign-in button (a link to /auth in the dashboard, the panel's sign-in form in the extension). */
  signInAction: ReactNode;
  /** Where local keys live, for the intro sentence ('this browser'). */
  place?: string;
  /** The side panel: no outer border, tighter spacing. */
  dense?: boolean;
}

type Keys = ProviderKeysFlow;

export function ProviderKeysCard({ keys, signedIn, signInAction, place = 'this browser', dense = false }: ProviderKeysCardProps) {
  return (
    <Card component="section" aria-labelledby="provider-keys-title" variant={dense ? 'elevation' : 'outlined'} elevation={0}>
      <CardContent sx={{ p: dense ? 0 : { xs: 2, sm: 3 }, '&:last-child': dense ? { pb: 0 } : {} }}>
        <Typography id="provider-keys-title" variant="h6" component="h2">
          Provider Keys
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Bring your own AI provider keys. They are kept in {place}
          {signedIn ? ' and synced to your account' : ''}, and never shown in full after saving.
        </Typography>

        {signedIn === false && (
          <Alert severity="info" sx={{ mt: 2, alignItems: 'center' }} action={signInAction}>
            {KEY_TEXTS.signInToSync}
          </Alert>
        )}
        {!keys.ready && <LinearProgress sx={{ mt: 2 }} aria-label="Loading your keys" />}

        <Stack divider={<Divider flexItem />} spacing={2.5} sx={{ mt: 3 }}>
          {MAIN_PROVIDERS.map((provider) => (
            <ProviderKeyRow key={provider} provider={provider} keys={keys} />
          ))}
        </Stack>

        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Custom OpenAI-compatible server
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          For Custom ChatGPT: a local server such as Ollama ({BASE_URL_EXAMPLES[0]}) or LM Studio ({BASE_URL_EXAMPLES[1]}), or any
          OpenAI-compatible API. Without a base URL, the Custom ChatGPT key is used with OpenAI.
        </Typography>
        <Stack spacing={2.5}>
          <BaseUrlRow keys={keys} />
          <ProviderKeyRow provider="chatgpt_custom" keys={keys} />
        </Stack>
      </CardContent>
    </Card>
  );
}

function ProviderKeyRow({ provider, keys }: { provider: ProviderId; keys: Keys }) {
  const info = PROVIDER_KEYS[provider];
  const stored = keys.state.keys[provider];
  const baseUrl = keys.state.baseUrl.value;
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<KeyTestResult | null>(null);
  const write = useKeyWriteMutation((raw) => keys.saveKey(provider, raw));
  // While a new key is being saved, "Test" would still test the previous one.
  const saving = write.isPending;
  const busyFrom = saving ? write.variables?.from : undefined;
  const name = `${info.label} key`;
  const untestable = provider === 'chatgpt_custom' ? null : untestableReason(provider);
  const canTest = Boolean(stored.value) || (provider === 'chatgpt_custom' && Boolean(baseUrl));

  const save = async (raw: string, from: KeyWriteOrigin) => {
    setResult(null);
    await write.mutateAsync({ raw, from });
  };
  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await testProviderKey({ provider, apiKey: stored.value, customBaseUrl: baseUrl }));
    } finally {
      setTesting(false);
    }
  };

  return (
    <Stack spacing={1.5} data-testid={`provider-${provider}`}>
      <RowHeader title={`${info.label} API Key`} stored={stored} />
      {stored.value && (
        <SavedValue
          name={name}
          shown={stored.value}
          hidden={maskKey(provider, stored.value)}
          onClear={() => void save('', 'clear')}
          busy={busyFrom === 'clear'}
        />
      )}
      <SaveField
        label={stored.value ? `Replace ${info.label} API key` : `${info.label} API Key`}
        placeholder={info.placeholder}
        helper={
          <>
            {info.formatHint}.{stored.value ? ' Save an empty field to clear.' : ''}{' '}
            <Link href={info.keysUrl} target="_blank" rel="noopener noreferrer">
              Get a key
            </Link>
          </>
        }
        secret
        disabled={!keys.ready}
        busy={busyFrom === 'field'}
        onSave={(raw) => save(raw, 'field')}
      />
      {untestable && (
        <Typography variant="caption" color="text.secondary">
          {untestable}
        </Typography>
      )}
      {!untestable && canTest && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={testing ? <CircularProgress size={14} color="inherit" aria-hidden /> : <NetworkCheckIcon />}
            onClick={() => void test()}
            disabled={testing || saving || !keys.ready}
            sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
          >
            {/* The provider is in the visible text too: the accessible name must contain what is shown. */}
            {testing ? 'Testing…' : `Test ${name}`}
          </Button>
          {result && <TestResult result={result} />}
        </Stack>
      )}
    </Stack>
  );
}

function BaseUrlRow({ keys }: { keys: Keys }) {
  const stored = keys.state.baseUrl;
  const write = useKeyWriteMutation((raw) => keys.saveBaseUrl(raw));
  const busyFrom = write.isPending ? write.variables?.from : undefined;
  return (
    <Stack spacing={1.5} data-testid="provider-base-url">
      <RowHeader title="Base URL (optional)" stored={stored} />
      {stored.value && (
        <SavedValue
          name="base URL"
          shown={stored.value}
          hidden={null}
          onClear={() => void write.mutateAsync({ raw: '', from: 'clear' })}
          busy={busyFrom === 'clear'}
        />
      )}
      <SaveField
        label={stored.value ? 'Replace base URL' : 'Base URL'}
        placeholder={BASE_URL_EXAMPLES[0]}
        helper="An http:// or https:// address ending in the API root, e.g. …/v1."
        secret={false}
        disabled={!keys.ready}
        busy={busyFrom === 'field'}
        onSave={async (raw) => {
          await write.mutateAsync({ raw, from: 'field' });
        }}
      />
    </Stack>
  );
}
