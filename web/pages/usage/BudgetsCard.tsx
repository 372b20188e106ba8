import { useState, type FormEvent } from 'react';
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
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PROVIDER_IDS } from '@/shared/core/providerKeys.ts';
import type { BudgetStatus } from '@/shared/core/usage/budgets.ts';
import { budgetPercent, microsToDecimal, readBudget } from '@/shared/core/usage/settingsForm.ts';
import type { UsageBudget } from '@/shared/data/usageSettings.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { SaveCancelActions } from '@/web/components/SaveCancelActions.tsx';
import { usageQueries, useUsageSettingsMutations } from '@/web/queries/usage.ts';
import { providerLabel, useMoney } from './usageFormat.ts';

/** "Overall" or the provider's name. */
const scopeName = (provider: string | null) => (provider === null ? 'Overall (every provider)' : providerLabel(provider));
const scopeInSentence = (provider: string | null) => (provider === null ? 'all providers together' : providerLabel(provider));

const STATE_TEXT: Record<string, string> = {
  ok: '',
  warning: 'Over 80%',
  over: 'Used up: calls go on with a warning',
  stopped: 'Used up: AI calls are stopped until next month',
};

/** Each budget's month as a bar: primary below 80%, warning from 80%, error at 100%. */
export function BudgetBars({ rows }: { rows: readonly BudgetStatus[] }) {
  const { local } = useMoney();
  return (
    <Stack spacing={2}>
      {rows.map((row) => {
        const percent = budgetPercent(row.spent_micros, row.monthly_limit_micros);
        const color = percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary';
        const name = scopeName(row.provider);
        const state = STATE_TEXT[row.state] ?? '';
        return (
          <Box key={row.provider ?? '*'}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {`${local(row.spent_micros)} of ${local(row.monthly_limit_micros)} (${percent}%)`}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={percent}
              color={color}
              aria-label={`${name} budget used`}
              aria-valuetext={`${percent}% of ${local(row.monthly_limit_micros)}`}
              sx={{ height: 8, borderRadius: 4 }}
            />
            {state && (
              <Typography variant="caption" color={percent >= 100 ? 'error' : 'text.primary'} sx={{ fontWeight: 600 }}>
                {state}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

interface BudgetDraft {
  id?: string;
  provider: string | null;
  amount: string;
  atLimit: 'warn' | 'stop';
}

function BudgetDialog({
  draft,
  taken,
  currency,
  userId,
  onClose,
}: {
  draft: BudgetDraft;
  taken: ReadonlySet<string>;
  currency: string;
  userId: string;
  onClose: () => void;
}) {
  const [value, setValue] = useState(draft);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saveBudget } = useUsageSettingsMutations(userId);
  const notify = useNotify();
  const scopes: (string | null)[] = [null, ...PROVIDER_IDS].filter((p) => p === draft.provider || !taken.has(p ?? '*'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readBudget(value.amount);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    const result = await saveBudget.mutateAsync({
      budget: { id: value.id, provider: value.provider, monthlyLimitMicros: read.micros, atLimit: value.atLimit },
      scopeName: scopeInSentence(value.provider),
    });
    if (result.error) {
      setRefusal(result.error.message);
      return;
    }
    notify({ title: draft.id ? 'Budget changed' : 'Budget added' });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="budget-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="budget-dialog-title">{draft.id ? 'Edit budget' : 'Add a monthly budget'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <TextField
              select
              label="For"
              value={value.provider ?? '*'}
              onChange={(e) => setValue({ ...value, provider: e.target.value === '*' ? null : e.target.value })}
              disabled={Boolean(draft.id)}
            >
              {scopes.map((p) => (
                <MenuItem key={p ?? '*'} value={p ?? '*'}>
                  {scopeName(p)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Monthly budget"
              value={value.amount}
              onChange={(e) => setValue({ ...value, amount: e.target.value })}
              error={Boolean(problem)}
              helperText={problem ?? `In ${currency}, for each calendar month (UTC).`}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
              }}
              autoFocus
            />
            <FormControl>
              <FormLabel id="budget-at-limit">At 100%</FormLabel>
              <RadioGroup
                aria-labelledby="budget-at-limit"
                value={value.atLimit}
                onChange={(e) => setValue({ ...value, atLimit: e.target.value === 'stop' ? 'stop' : 'warn' })}
              >
                <FormControlLabel value="warn" control={<Radio />} label="Warn me, and let calls go on" />
                <FormControlLabel value="stop" control={<Radio />} label="Stop AI calls until the month ends" />
              </RadioGroup>
            </FormControl>
            <Typography variant="body2" color="text.secondary">
              You are warned from 80%. Calls whose price is unknown do not count towards a budget.
            </Typography>
          </Stack>
        </DialogContent>
        <SaveCancelActions saving={saveBudget.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Monthly budgets per provider and overall: their state this month, add, edit, remove. */
export function BudgetsCard({ userId }: { userId: string }) {
  const { local, currency } = useMoney();
  const budgets = useQuery(usageQueries.budgets());
  const status = useQuery(usageQueries.budgetStatus());
  const { removeBudget } = useUsageSettingsMutations(userId);
  const notify = useNotify();
  const [editing, setEditing] = useState<BudgetDraft | null>(null);
  const [removing, setRemoving] = useState<UsageBudget | null>(null);
  const taken = new Set((budgets.data ?? []).map((b) => b.provider ?? '*'));

  const remove = async (budget: UsageBudget) => {
    setRemoving(null);
    const result = await removeBudget.mutateAsync(budget.id);
    notify(
      result.error
        ? { title: 'Budget not removed', description: result.error.message, variant: 'destructive' }
        : { title: 'Budget removed' },
    );
  };

  return (
    <Card component="section" aria-labelledby="usage-budgets-title">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
          <Box sx={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Typography id="usage-budgets-title" variant="h6" component="h2">
              Monthly budgets
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`Per provider and overall, in ${currency}. At 100% a budget either warns or stops AI calls on every surface and on scheduled runs.`}
            </Typography>
          </Box>
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            disabled={!budgets.data || taken.size > PROVIDER_IDS.length}
            onClick={() =>
              setEditing({
                provider: taken.has('*') ? (PROVIDER_IDS.find((p) => !taken.has(p)) ?? null) : null,
                amount: '',
                atLimit: 'warn',
              })
            }
          >
            Add budget
          </Button>
        </Stack>
        <QueryState
          query={budgets}
          loadingLabel="Loading your budgets"
          errorText={(m) => (
            <>
              <AlertTitle>Could not load your budgets</AlertTitle>
              {m}
            </>
          )}
          isEmpty={(list) => list.length === 0}
          empty={
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              No budgets yet. Add one to be warned at 80% and, if you like, stopped at 100%.
            </Typography>
          }
        >
          {(list) => (
            <Stack spacing={2.5} sx={{ mt: 2 }}>
              {status.data && status.data.length > 0 && <BudgetBars rows={status.data} />}
              <Stack spacing={1}>
                {list.map((budget) => (
                  <Stack
                    key={budget.id}
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
                    <Typography variant="body2" sx={{ minWidth: 0 }}>
                      <strong>{scopeName(budget.provider)}</strong>
                      {`: ${local(budget.monthlyLimitMicros)} a month, ${budget.atLimit === 'stop' ? 'stops at 100%' : 'warns at 100%'}`}
                    </Typography>
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        aria-label={`Edit the ${scopeName(budget.provider)} budget`}
                        onClick={() =>
                          setEditing({
                            id: budget.id,
                            provider: budget.provider,
                            amount: microsToDecimal(budget.monthlyLimitMicros),
                            atLimit: budget.atLimit,
                          })
                        }
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Remove the ${scopeName(budget.provider)} budget`}
                        onClick={() => setRemoving(budget)}
                      >
                        Remove
                      </Button>
                    </Stack>
                  </Stack>
                ))}
              </Stack>
            </Stack>
          )}
        </QueryState>
      </CardContent>
      {editing && <BudgetDialog draft={editing} taken={taken} currency={currency} userId={userId} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this budget?"
        confirmLabel="Remove"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removing &&
          `The ${scopeName(removing.provider)} budget of ${local(removing.monthlyLimitMicros)} a month goes; nothing warns or stops calls for it any more.`}
      </ConfirmDialog>
    </Card>
  );
}
