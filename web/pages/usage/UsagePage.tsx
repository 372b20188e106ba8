import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Container, MenuItem, Stack, Tab, Tabs, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { monthLabel, monthPeriod, type Period } from '@/shared/core/usage/report.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { teamQueries } from '@/web/queries/teams.ts';
import { ExportCsvDialog } from './ExportCsvDialog.tsx';
import { TeamUsageCard } from './TeamUsageCard.tsx';
import { UsageOverview } from './UsageOverview.tsx';
import { UsageSettingsPanel } from './UsageSettingsPanel.tsx';
import { USAGE_TEXTS } from './usageFormat.ts';

type TabName = 'overview' | 'settings';

/** How many past months the month picker offers (the current one included). */
const MONTHS_OFFERED = 13;

/** The month in the address (?month=2026-10), as months back from this one (0: this month; never in the future). */
function monthOffsetOf(value: string | null, now: Date): number {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return 0;
  const offset = (Number(match[1]) - now.getUTCFullYear()) * 12 + (Number(match[2]) - 1 - now.getUTCMonth());
  return offset <= 0 && offset > -MONTHS_OFFERED ? offset : 0;
}

const monthParam = (period: Period) => period.from.slice(0, 7);
const lastDayOf = (period: Period) => new Date(Date.parse(period.to) - 86_400_000).toISOString().slice(0, 10);

/**
 * /usage: what the user's AI calls cost — the month against the one before, spend by day, by
 * feature, provider and model, the most expensive runs, a team owner's members — with the CSV
 * export; and the usage settings (currency, confirmations, budgets, prices of one's own) on the
 * second tab (?tab=settings). Tab and month live in the address, so Back and reloads keep them.
 */
export function UsagePage() {
  const user = useUser();
  const userId = user?.id ?? '';
  const [params, setParams] = useSearchParams();
  const [exporting, setExporting] = useState(false);
  const tab: TabName = params.get('tab') === 'settings' ? 'settings' : 'overview';
  const [now] = useState(() => new Date());
  const offset = monthOffsetOf(params.get('month'), now);
  const month = monthPeriod(now, offset);
  const previous = monthPeriod(now, offset - 1);
  const team = useQuery({ ...teamQueries.mine(userId, { create: false }), enabled: !!userId });
  const owner = team.data?.role === 'owner';

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        if (value === null) current.delete(name);
        else current.set(name, value);
        return current;
      },
      { replace: true },
    );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title={USAGE_TEXTS.title}
        subtitle={USAGE_TEXTS.subtitle}
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setExporting(true)}>
            Export CSV
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(_e, value: TabName) => setParam('tab', value === 'overview' ? null : value)}
        aria-label="Usage views"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="overview" label="Overview" id="usage-tab-overview" aria-controls="usage-panel-overview" />
        <Tab value="settings" label="Budgets and prices" id="usage-tab-settings" aria-controls="usage-panel-settings" />
      </Tabs>
      <Box role="tabpanel" id={`usage-panel-${tab}`} aria-labelledby={`usage-tab-${tab}`}>
        {tab === 'settings' ? (
          <UsageSettingsPanel userId={userId} />
        ) : (
          <Stack spacing={3}>
            <TextField
              select
              label="Month"
              value={monthParam(month)}
              onChange={(e) => setParam('month', e.target.value === monthParam(monthPeriod(now)) ? null : e.target.value)}
              sx={{ width: { xs: '100%', sm: 300 } }}
            >
              {Array.from({ length: MONTHS_OFFERED }, (_, i) => monthPeriod(now, -i)).map((p, i) => (
                <MenuItem key={p.from} value={monthParam(p)}>
                  {i === 0 ? `This month (${monthLabel(p)})` : monthLabel(p)}
                </MenuItem>
              ))}
            </TextField>
            <UsageOverview month={month} previous={previous} current={offset === 0} />
            {owner && <TeamUsageCard monthStart={month.from.slice(0, 10)} monthName={monthLabel(month)} />}
          </Stack>
        )}
      </Box>
      {exporting && <ExportCsvDialog firstDay={month.from.slice(0, 10)} lastDay={lastDayOf(month)} onClose={() => setExporting(false)} />}
    </Container>
  );
}
