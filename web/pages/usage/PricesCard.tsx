import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogTitle,
  Grid,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PROVIDER_IDS } from '@/shared/core/providerKeys.ts';
import { formatMoney } from '@/shared/core/usage/cost.ts';
import { microsToDecimal, readPrice, type PriceInput, type PriceProblems } from '@/shared/core/usage/settingsForm.ts';
import type { PriceOverride } from '@/shared/data/usageSettings.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { SaveCancelActions } from '@/web/components/SaveCancelActions.tsx';
import { usageQueries, useUsageSettingsMutations } from '@/web/queries/usage.ts';
import { providerLabel, USAGE_TEXTS } from './usageFormat.ts';

const usd = (micros: number) => formatMoney(micros, 'USD');
const optional = (micros: number | null) => (micros === null ? '' : microsToDecimal(micros));

const EMPTY: PriceInput = { provider: 'chatgpt_custom', model: '', input: '', cachedInput: '', output: '', perImage: '', perSearch: '' };

const inputOf = (p: PriceOverride): PriceInput => ({
  provider: p.provider,
  model: p.model,
  input: microsToDecimal(p.inputPerMillion),
  cachedInput: optional(p.cachedInputPerMillion),
  output: microsToDecimal(p.outputPerMillion),
  perImage: optional(p.perImage),
  perSearch: optional(p.perSearch),
});

/** "$1.00 in · $0.10 cached · $4.00 out per 1M tokens · $0.04 per image" */
function ratesText(p: PriceOverride): string {
  const parts = [`${usd(p.inputPerMillion)} in`];
  if (p.cachedInputPerMillion !== null) parts.push(`${usd(p.cachedInputPerMillion)} cached`);
  parts.push(`${usd(p.outputPerMillion)} out per 1M tokens`);
  if (p.perImage !== null) parts.push(`${usd(p.perImage)} per image`);
  if (p.perSearch !== null) parts.push(`${usd(p.perSearch)} per search`);
  return parts.join(' · ');
}

function PriceDialog({
  start,
  editing,
  userId,
  onClose,
}: {
  start: PriceInput;
  editing: PriceOverride | null;
  userId: string;
  onClose: () => void;
}) {
  const [value, setValue] = useState(start);
  const [problems, setProblems] = useState<PriceProblems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { savePrice } = useUsageSettingsMutations(userId);
  const notify = useNotify();
  const field = (name: keyof PriceInput, label: string, help: string, unit: string) => (
    <TextField
      label={label}
      value={value[name]}
      onChange={(e) => setValue({ ...value, [name]: e.target.value })}
      error={Boolean(problems[name])}
      helperText={problems[name] ?? help}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: {
          startAdornment: <InputAdornment position="start">$</InputAdornment>,
          endAdornment: <InputAdornment position="end">{unit}</InputAdornment>,
        },
      }}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readPrice(value);
    if ('problems' in read) {
      setProblems(read.problems);
      return;
    }
    setProblems({});
    const result = await savePrice.mutateAsync({
      price: read.values,
      previous: editing ? { provider: editing.provider, model: editing.model } : undefined,
    });
    if (result.error) {
      setRefusal(result.error.message);
      return;
    }
    notify({ title: 'Price saved', description: USAGE_TEXTS.overridesNewCallsOnly });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="price-dialog-title" fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="price-dialog-title">{editing ? 'Edit your price' : 'Set your price for a model'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <Typography variant="body2" color="text.secondary">
              In US dollars, like the public price lists. Use 0 for a model on your own computer (Ollama, LM Studio).{' '}
              {USAGE_TEXTS.overridesNewCallsOnly}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 5 }}>
                <TextField
                  select
                  label="Provider"
                  value={value.provider}
                  onChange={(e) => setValue({ ...value, provider: e.target.value })}
                  fullWidth
                >
                  {PROVIDER_IDS.map((p) => (
                    <MenuItem key={p} value={p}>
                      {providerLabel(p)}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>
                <TextField
                  label="Model"
                  value={value.model}
                  onChange={(e) => setValue({ ...value, model: e.target.value })}
                  error={Boolean(problems.model)}
                  helperText={problems.model ?? 'The id as your provider names it, e.g. llama3.1:8b'}
                  fullWidth
                  autoFocus={!value.model}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('input', 'Input', 'Per 1M input tokens', '/ 1M')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('output', 'Output', 'Per 1M output tokens', '/ 1M')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('cachedInput', 'Cached input (optional)', 'Empty: charged as input', '/ 1M')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('perImage', 'Per image (optional)', 'Images generated', 'each')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('perSearch', 'Per search (optional)', 'Search or grounding requests', 'each')}</Grid>
            </Grid>
          </Stack>
        </DialogContent>
        <SaveCancelActions saving={savePrice.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** The user's own prices per provider and model: list, add, edit, remove. */
export function PricesCard({ userId }: { userId: string }) {
  const prices = useQuery(usageQueries.prices());
  const { removePrice } = useUsageSettingsMutations(userId);
  const notify = useNotify();
  const [dialog, setDialog] = useState<{ start: PriceInput; editing: PriceOverride | null } | null>(null);
  const [removing, setRemoving] = useState<PriceOverride | null>(null);

  // "Set your price" on a model of unknown price opens the dialog for it once, then leaves the address.
  const [params, setParams] = useSearchParams();
  const askedProvider = params.get('priceProvider');
  const askedModel = params.get('priceModel');
  useEffect(() => {
    if (!askedModel) return;
    const provider = askedProvider && (PROVIDER_IDS as readonly string[]).includes(askedProvider) ? askedProvider : EMPTY.provider;
    setDialog({ start: { ...EMPTY, provider, model: askedModel }, editing: null });
    setParams(
      (now) => {
        now.delete('priceProvider');
        now.delete('priceModel');
        return now;
      },
      { replace: true },
    );
  }, [askedProvider, askedModel, setParams]);

  const remove = async (price: PriceOverride) => {
    setRemoving(null);
    const result = await removePrice.mutateAsync({ provider: price.provider, model: price.model });
    notify(
      result.error ? { title: 'Price not removed', description: result.error.message, variant: 'destructive' } : { title: 'Price removed' },
    );
  };

  return (
    <Card component="section" aria-labelledby="usage-prices-title">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
          <Box sx={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Typography id="usage-prices-title" variant="h6" component="h2">
              Your prices
            </Typography>
            <Typography variant="body2" color="text.secondary">
              A negotiated rate, or your own server’s (0 for a local model). Yours win over the public price list.{' '}
              {USAGE_TEXTS.overridesNewCallsOnly}
            </Typography>
          </Box>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setDialog({ start: EMPTY, editing: null })}>
            Add price
          </Button>
        </Stack>
        <QueryState
          query={prices}
          loadingLabel="Loading your prices"
          errorText={(m) => (
            <>
              <AlertTitle>Could not load your prices</AlertTitle>
              {m}
            </>
          )}
          isEmpty={(list) => list.length === 0}
          empty={
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              No prices of your own. Models missing from the public list show “price unknown” with their tokens until you add one.
            </Typography>
          }
        >
          {(list) => (
            <Stack spacing={1} sx={{ mt: 2 }}>
              {list.map((price) => (
                <Stack
                  key={`${price.provider}:${price.model}`}
                  direction="row"
                  spacing={1}
                  sx={{
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    flexWrap: 'wrap',
                    borderTop: 1,
                    borderColor: 'divider',
                    pt: 1,
                  }}
                >
                  <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {`${providerLabel(price.provider)} · ${price.model}`}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {ratesText(price)}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      aria-label={`Edit your price for ${price.model}`}
                      onClick={() => setDialog({ start: inputOf(price), editing: price })}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Remove your price for ${price.model}`}
                      onClick={() => setRemoving(price)}
                    >
                      Remove
                    </Button>
                  </Stack>
                </Stack>
              ))}
            </Stack>
          )}
        </QueryState>
      </CardContent>
      {dialog && <PriceDialog start={dialog.start} editing={dialog.editing} userId={userId} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove your price?"
        confirmLabel="Remove"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removing &&
          `New calls of ${removing.model} are priced from the public list again, or show “price unknown” if it has none. Calls already recorded keep their cost.`}
      </ConfirmDialog>
    </Card>
  );
}
