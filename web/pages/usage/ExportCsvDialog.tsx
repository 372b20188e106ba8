import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { usageCsvName, usageToCsv } from '@/shared/core/usage/csv.ts';
import { listUsageEvents } from '@/shared/data/usageReport.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** The ledger of a chosen period (UTC days, both included) as a CSV file, every column but the account's id. */
export function ExportCsvDialog({ firstDay, lastDay, onClose }: { firstDay: string; lastDay: string; onClose: () => void }) {
  const [from, setFrom] = useState(firstDay);
  const [to, setTo] = useState(lastDay);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!DAY.test(from) || !DAY.test(to)) {
      setProblem('Choose both days.');
      return;
    }
    if (from > to) {
      setProblem('The first day must not be after the last.');
      return;
    }
    setProblem(null);
    setBusy(true);
    const rows = await listUsageEvents(supabase, { from: `${from}T00:00:00.000Z`, to: nextDay(to) });
    setBusy(false);
    if (rows.error) {
      setProblem(rows.error.message);
      return;
    }
    const name = usageCsvName(from, to);
    downloadFile(usageToCsv(rows.data), name, 'text/csv;charset=utf-8');
    notify({ title: 'Usage exported', description: `${rows.data.length} ${rows.data.length === 1 ? 'call' : 'calls'} in ${name}` });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="usage-export-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="usage-export-title">Export usage as CSV</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              One row per AI call: feature, provider, model, tokens, cost in micro-dollars (USD) and the price applied. Days are UTC.
            </Typography>
            {problem && <Alert severity="error">{problem}</Alert>}
            <TextField
              type="date"
              label="From"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label="To (included)"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Exporting…' : 'Download CSV'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
