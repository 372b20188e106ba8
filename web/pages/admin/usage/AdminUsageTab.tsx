import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  AlertTitle,
  Card,
  CardContent,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatMoney } from '@/shared/core/usage/cost.ts';
import { formatCount, formatTokens, type DaySpend } from '@/shared/core/usage/report.ts';
import type { AdminUsageTotal } from '@/shared/data/usageReport.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { usageQueries } from '@/web/queries/usage.ts';
import { SpendByDayChart } from '../../usage/UsageCharts.tsx';
import { featureLabel, providerLabel } from '../../usage/usageFormat.ts';

/** The days the totals cover, today included. */
const DAYS = 30;

const usd = (micros: number) => formatMoney(micros, 'USD');

interface Totals {
  calls: number;
  costMicros: number;
  unpricedCalls: number;
  inputTokens: number;
  outputTokens: number;
}

const ZERO: Totals = { calls: 0, costMicros: 0, unpricedCalls: 0, inputTokens: 0, outputTokens: 0 };
const plus = (a: Totals, r: AdminUsageTotal): Totals => ({
  calls: a.calls + r.calls,
  costMicros: a.costMicros + r.costMicros,
  unpricedCalls: a.unpricedCalls + r.unpricedCalls,
  inputTokens: a.inputTokens + r.inputTokens,
  outputTokens: a.outputTokens + r.outputTokens,
});

function sumBy(rows: readonly AdminUsageTotal[], key: (r: AdminUsageTotal) => string): [string, Totals][] {
  const groups = new Map<string, Totals>();
  for (const r of rows) groups.set(key(r), plus(groups.get(key(r)) ?? ZERO, r));
  return [...groups].sort((a, b) => b[1].costMicros - a[1].costMicros || b[1].calls - a[1].calls);
}

function TotalsTable({ caption, rows, label }: { caption: string; rows: [string, Totals][]; label: (key: string) => string }) {
  return (
    <Card component="section" aria-label={caption} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {caption}
        </Typography>
        <TableContainer>
          <Table size="small" aria-label={caption}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell align="right">Calls</TableCell>
                <TableCell align="right">Known cost</TableCell>
                <TableCell align="right">Price unknown</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([key, t]) => (
                <TableRow key={key}>
                  <TableCell>{label(key)}</TableCell>
                  <TableCell align="right">{formatCount(t.calls)}</TableCell>
                  <TableCell align="right">{usd(t.costMicros)}</TableCell>
                  <TableCell align="right">{formatCount(t.unpricedCalls)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

function Overview({ rows, since }: { rows: readonly AdminUsageTotal[]; since: string }) {
  const view = useMemo(() => {
    const total = rows.reduce(plus, ZERO);
    const perDay = new Map(sumBy(rows, (r) => r.day));
    const days: DaySpend[] = [];
    for (let at = Date.parse(since); at <= Date.now(); at += 86_400_000) {
      const day = new Date(at).toISOString().slice(0, 10);
      const t = perDay.get(day) ?? ZERO;
      days.push({ day, ...t, unpricedTokens: 0, estimatedCalls: 0 });
    }
    // People are counted per day, provider and feature: the most on one day is what can be said without rows.
    const peakPeople = Math.max(0, ...rows.map((r) => r.people));
    return { total, days, providers: sumBy(rows, (r) => r.provider), features: sumBy(rows, (r) => r.feature), peakPeople };
  }, [rows, since]);
  return (
    <Stack spacing={3}>
      <Card component="section" aria-labelledby="admin-usage-totals">
        <CardContent>
          <Typography id="admin-usage-totals" variant="h6" component="h2" gutterBottom>
            {`AI usage, last ${DAYS} days`}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Totals over every account, in US dollars at list or user prices. No one’s calls are shown.
          </Typography>
          <Grid container spacing={2}>
            {[
              ['Calls', formatCount(view.total.calls)],
              ['Known cost', usd(view.total.costMicros)],
              ['Price unknown', `${formatCount(view.total.unpricedCalls)} calls`],
              ['Tokens', formatTokens(view.total.inputTokens + view.total.outputTokens)],
            ].map(([title, value]) => (
              <Grid key={title} size={{ xs: 6, md: 3 }}>
                <Typography variant="overline" color="text.secondary" component="p">
                  {title}
                </Typography>
                <Typography variant="h5" component="p">
                  {value}
                </Typography>
              </Grid>
            ))}
          </Grid>
          {view.total.calls > 0 && <SpendByDayChart days={view.days} money={usd} label={`Known cost per day over the last ${DAYS} days`} />}
        </CardContent>
      </Card>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TotalsTable caption="Per provider" rows={view.providers} label={providerLabel} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TotalsTable caption="Per feature" rows={view.features} label={featureLabel} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** Admins' view of AI usage: everybody's totals per day, provider and feature (admin_usage_totals), aggregates only. */
export function AdminUsageTab() {
  const [since] = useState(() => new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00.000Z');
  const totals = useQuery(usageQueries.adminTotals(since));
  return (
    <QueryState
      query={totals}
      loadingLabel="Loading AI usage totals"
      errorText={(m) => (
        <>
          <AlertTitle>Could not load AI usage totals</AlertTitle>
          {m}
        </>
      )}
    >
      {(rows) => <Overview rows={rows} since={since} />}
    </QueryState>
  );
}
