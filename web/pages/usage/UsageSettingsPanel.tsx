import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  InputAdornment,
  Link,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { microsToDecimal, readCurrency, readThreshold } from '@/shared/core/usage/settingsForm.ts';
import type { UsageSettings } from '@/shared/data/usageSettings.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { useUsageSettingsMutations } from '@/web/queries/usage.ts';
import { BudgetsCard } from './BudgetsCard.tsx';
import { PricesCard } from './PricesCard.tsx';
import { useMoney } from './usageFormat.ts';

/** Currency with the rate per US dollar, and the threshold above which big jobs ask first. */
function CurrencyForm({ saved, userId }: { saved: UsageSettings; userId: string }) {
  const [currency, setCurrency] = useState(saved.currency);
  const [rate, setRate] = useState(String(saved.usdRate));
  const [asks, setAsks] = useState(saved.confirmAboveMicros !== null);
  const [threshold, setThreshold] = useState(microsToDecimal(saved.confirmAboveMicros ?? 1_000_000));
  const [problems, setProblems] = useState<{ currency?: string; threshold?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saveSettings } = useUsageSettingsMutations(userId);
  const notify = useNotify();
  const code = currency.trim().toUpperCase();
  const usd = code === 'USD';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const money = readCurrency({ currency, rate: usd ? '' : rate });
    const ask = readThreshold(asks, threshold);
    const next = { currency: 'problem' in money ? money.problem : undefined, threshold: 'problem' in ask ? ask.problem : undefined };
    setProblems(next);
    if ('problem' in money || 'problem' in ask) return;
    const result = await saveSettings.mutateAsync({ currency: money.currency, usdRate: money.usdRate, confirmAboveMicros: ask.micros });
    setRefusal(result.error?.message ?? null);
    if (!result.error) notify({ title: 'Usage settings saved' });
  };

  return (
    <Box component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
      <Stack spacing={2.5}>
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value.toUpperCase())}
            error={Boolean(problems.currency)}
            helperText={problems.currency ?? 'ISO code, e.g. EUR'}
            slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters', spellCheck: false } }}
            sx={{ width: { sm: 180 } }}
          />
          {usd ? (
            <Typography variant="body2" color="text.secondary" sx={{ pt: { sm: 2 } }}>
              Prices are in US dollars, so no rate is needed. For another currency, enter its code and the rate you budget at.
            </Typography>
          ) : (
            <TextField
              label={`${code || 'Units'} per US dollar`}
              value={rate}
              onChange={(e) => setRate(e.target.value)}
              helperText="The rate you budget at, e.g. 0.92"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
          )}
        </Stack>
        <Box>
          <FormControlLabel
            control={<Switch checked={asks} onChange={(e) => setAsks(e.target.checked)} />}
            label="Ask before a big job starts"
          />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Generate all, workflow runs, image batches and knowledge-base indexing show an estimate first, and ask when it is above this
            amount.
          </Typography>
          {asks && (
            <TextField
              label="Ask above"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
              error={Boolean(problems.threshold)}
              helperText={problems.threshold ?? 'For the whole job.'}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">{usd ? 'USD' : code || '—'}</InputAdornment> },
              }}
              sx={{ width: { xs: '100%', sm: 240 } }}
            />
          )}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={saveSettings.isPending}>
            {saveSettings.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The Usage page's settings: currency and threshold, monthly budgets, prices of one's own. */
export function UsageSettingsPanel({ userId }: { userId: string }) {
  const { settings } = useMoney();
  return (
    <Stack spacing={3}>
      <Card component="section" aria-labelledby="usage-currency-title">
        <CardContent>
          <Typography id="usage-currency-title" variant="h6" component="h2">
            Currency and confirmations
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Prices are in US dollars. Amounts and budgets show in your currency at the rate you give. Your keys, account and appearance are
            in{' '}
            <Link component={RouterLink} to={ROUTES.settings}>
              Settings
            </Link>
            .
          </Typography>
          <QueryState
            query={settings}
            loadingLabel="Loading your usage settings"
            errorText={(m) => (
              <>
                <AlertTitle>Could not load your usage settings</AlertTitle>
                {m}
              </>
            )}
          >
            {(saved) => (
              <CurrencyForm key={`${saved.currency}:${saved.usdRate}:${saved.confirmAboveMicros}`} saved={saved} userId={userId} />
            )}
          </QueryState>
        </CardContent>
      </Card>
      <BudgetsCard userId={userId} />
      <PricesCard userId={userId} />
    </Stack>
  );
}
