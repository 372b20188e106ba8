import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  IconButton,
  LinearProgress,
  Link,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import LaptopOutlinedIcon from '@mui/icons-material/LaptopOutlined';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { testProviderKey, untestableReason, type KeyTestResult } from '../../../shared/ai/providers.ts';
import {
  BASE_URL_EXAMPLES,
  KEY_TEXTS,
  PROVIDER_KEYS,
  maskKey,
  type ProviderId,
} from '../../../shared/core/providerKeys.ts';
import { authPathFor } from '../../../shared/core/routes.ts';
import type { StoredKey } from '../../../shared/data/apiKeys.ts';
import { useProviderKeys } from '../../lib/providerKeys.ts';
import { useAuthStatus, useUser } from '../../lib/session.tsx';

/**
 * Settings → Provider Keys (spec 000 §2.17, §4, §6, §8; spec 001 provider list): a key per
 * provider, saved to this browser and, when signed in, to the account; masked after saving with
 * reveal, clear and "Test key"; plus the optional OpenAI-compatible base URL (Ollama, LM Studio).
 */

const MAIN_PROVIDERS: ProviderId[] = ['openai', 'gemini', 'anthropic', 'cohere', 'ai21', 'huggingface'];

type Keys = ReturnType<typeof useProviderKeys>;

export function ProviderKeysCard() {
  const status = useAuthStatus();
  const user = useUser();
  const userId = status === 'loading' ? undefined : (user?.id ?? null);
  const keys = useProviderKeys(userId);
  const signedIn = Boolean(user);

  return (
    <Card component="section" aria-labelledby="provider-keys-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="provider-keys-title" variant="h6" component="h2">
          Provider Keys
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Bring your own AI provider keys. They are kept in this browser
          {signedIn ? ' and synced to your account' : ''}, and never shown in full after saving.
        </Typography>

        {!signedIn && status !== 'loading' && <SignInToSync />}
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
          For Custom ChatGPT: a local server such as Ollama ({BASE_URL_EXAMPLES[0]}) or LM Studio ({BASE_URL_EXAMPLES[1]}),
          or any OpenAI-compatible API. Without a base URL, the Custom ChatGPT key is used with OpenAI.
        </Typography>
        <Stack spacing={2.5}>
          <BaseUrlRow keys={keys} />
          <ProviderKeyRow provider="chatgpt_custom" keys={keys} />
        </Stack>
      </CardContent>
    </Card>
  );
}

function SignInToSync() {
  const location = useLocation();
  return (
    <Alert
      severity="info"
      sx={{ mt: 2, alignItems: 'center' }}
      action={
        <Button component={RouterLink} to={authPathFor(location.pathname)} color="inherit" size="small">
          Sign in
        </Button>
      }
    >
      {KEY_TEXTS.signInToSync}
    </Alert>
  );
}

function SourceChip({ stored }: { stored: StoredKey }) {
  if (stored.source === 'cloud') {
    return <Chip size="small" color="success" variant="outlined" icon={<CloudDoneOutlinedIcon />} label="Synced" />;
  }
  if (stored.source === 'local') {
    return <Chip size="small" variant="outlined" icon={<LaptopOutlinedIcon />} label="This browser only" />;
  }
  return <Chip size="small" variant="outlined" label="Not set" />;
}

/** Title line of a row: name and where the value comes from. */
function RowHeader({ title, stored }: { title: string; stored: StoredKey }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mr: 0.5 }}>
        {title}
      </Typography>
      <SourceChip stored={stored} />
    </Stack>
  );
}

/** The saved value, masked unless revealed, with reveal and clear buttons. */
function SavedValue({
  name,
  shown,
  hidden,
  onClear,
  busy,
}: {
  name: string;
  shown: string;
  hidden: string | null;
  onClear: () => void;
  busy: boolean;
}) {
  const [revealed, setRevealed] = useState(false);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography
        data-testid={`saved-${name}`}
        variant="body2"
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          bgcolor: 'action.hover',
          px: 1,
          py: 0.5,
          borderRadius: 1,
          minWidth: 0,
          overflowWrap: 'anywhere',
        }}
      >
        {revealed || hidden === null ? shown : hidden}
      </Typography>
      {hidden !== null && (
        <Tooltip title={revealed ? 'Hide' : 'Show'}>
          <IconButton
            size="small"
            aria-label={`${revealed ? 'Hide' : 'Show'} ${name}`}
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Clear">
        <span>
          <IconButton size="small" aria-label={`Clear ${name}`} onClick={onClear} disabled={busy}>
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/** A text field with a Save button; saving an empty field clears (spec §4). */
function SaveField({
  label,
  placeholder,
  helper,
  secret,
  disabled,
  onSave,
}: {
  label: string;
  placeholder: string;
  helper: ReactNode;
  secret: boolean;
  disabled: boolean;
  onSave: (value: string) => Promise<void>;
}) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSave(value);
      setValue(''); // never kept on screen after saving
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={placeholder}
          helperText={helper}
          type={secret ? 'password' : 'url'}
          size="small"
          fullWidth
          disabled={disabled}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
        />
        <Button type="submit" variant="contained" disabled={disabled || busy} sx={{ minWidth: 88, height: 40, flexShrink: 0 }}>
          {busy ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : 'Save'}
        </Button>
      </Stack>
    </Box>
  );
}

function TestResult({ result }: { result: KeyTestResult }) {
  return (
    <Stack
      role="status"
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'flex-start', color: result.ok ? 'success.main' : 'error.main' }}
    >
      {result.ok ? <CheckCircleOutlinedIcon fontSize="small" /> : <ErrorOutlinedIcon fontSize="small" />}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {result.message}
      </Typography>
    </Stack>
  );
}

function ProviderKeyRow({ provider, keys }: { provider: ProviderId; keys: Keys }) {
  const info = PROVIDER_KEYS[provider];
  const stored = keys.state.keys[provider];
  const baseUrl = keys.state.baseUrl.value;
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<KeyTestResult | null>(null);
  const [clearing, setClearing] = useState(false);
  const name = `${info.label} key`;
  const untestable = provider === 'chatgpt_custom' ? null : untestableReason(provider);
  const canTest = Boolean(stored.value) || (provider === 'chatgpt_custom' && Boolean(baseUrl));

  const save = async (raw: string) => {
    setResult(null);
    await keys.saveKey(provider, raw);
  };
  const clear = async () => {
    setClearing(true);
    try {
      await save('');
    } finally {
      setClearing(false);
    }
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
          onClear={() => void clear()}
          busy={clearing}
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
        onSave={save}
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
            startIcon={testing ? <CircularProgress size={14} color="inherit" /> : <NetworkCheckIcon />}
            onClick={() => void test()}
            disabled={testing || !keys.ready}
            aria-label={`Test ${name}`}
            sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
          >
            {testing ? 'Testing…' : 'Test key'}
          </Button>
          {result && <TestResult result={result} />}
        </Stack>
      )}
    </Stack>
  );
}

function BaseUrlRow({ keys }: { keys: Keys }) {
  const stored = keys.state.baseUrl;
  const [clearing, setClearing] = useState(false);
  const clear = async () => {
    setClearing(true);
    try {
      await keys.saveBaseUrl('');
    } finally {
      setClearing(false);
    }
  };
  return (
    <Stack spacing={1.5} data-testid="provider-base-url">
      <RowHeader title="Base URL (optional)" stored={stored} />
      {stored.value && <SavedValue name="base URL" shown={stored.value} hidden={null} onClear={() => void clear()} busy={clearing} />}
      <SaveField
        label={stored.value ? 'Replace base URL' : 'Base URL'}
        placeholder={BASE_URL_EXAMPLES[0]}
        helper="An http:// or https:// address ending in the API root, e.g. …/v1."
        secret={false}
        disabled={!keys.ready}
        onSave={async (raw) => {
          await keys.saveBaseUrl(raw);
        }}
      />
    </Stack>
  );
}
