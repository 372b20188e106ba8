import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, Grid, Link, Stack, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import UnknownIcon from '@mui/icons-material/HelpOutlineOutlined';
import { ROUTES } from '@/shared/core/routes.ts';
import {
  byFeature,
  byModel,
  byProvider,
  changeRatio,
  formatCount,
  formatTokens,
  monthLabel,
  rowsIn,
  spendByDay,
  sumUsage,
  topRuns,
  type LedgerRow,
  type Period,
  type UsageSums,
} from '@/shared/core/usage/report.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { usageQueries } from '@/web/queries/usage.ts';
import { BudgetBars } from './BudgetsCard.tsx';
import { SpendBarsChart, SpendByDayChart } from './UsageCharts.tsx';
import { chartBars, GroupSection, GroupTable, Section, TopRuns } from './UsageBreakdowns.tsx';
import { costText, featureLabel, providerLabel, USAGE_TEXTS, useMoney } from './usageFormat.ts';

type Money = (usdMicros: number) => string;

/** "up 25% on October", "down 10% on October", "same as October", or nothing to compare with. */
function Change({ now, before, month }: { now: number; before: number; month: string }) {
  const ratio = changeRatio(now, before);
  if (ratio === null) return null;
  const percent = Math.round(Math.abs(ratio) * 100);
  if (percent === 0) return <Typography variant="body2" color="text.secondary">{`Same as ${month}`}</Typography>;
  const Icon = ratio > 0 ? TrendingUpIcon : TrendingDownIcon;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Icon fontSize="inherit" aria-hidden />
      {`${ratio > 0 ? 'Up' : 'Down'} ${percent}% on ${month}`}
    </Typography>
  );
}

function Figure({ title, value, detail, children }: { title: string; value: string; detail: string; children?: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h3">
          {title}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** This month (or the chosen one) against the one before: spend, calls, tokens. */
function Comparison({ now, before, previousMonth, money }: { now: UsageSums; before: UsageSums; previousMonth: string; money: Money }) {
  const short = previousMonth.split(' ')[0]!;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Figure
          title="Spend"
          value={now.calls > 0 && now.unpricedCalls === now.calls ? USAGE_TEXTS.priceUnknown : money(now.costMicros)}
          detail={`${costText(before, money)} in ${previousMonth}`}
        >
          <Change now={now.costMicros} before={before.costMicros} month={short} />
          {now.unpricedCalls > 0 && (
            <Chip
              size="small"
              variant="outlined"
              icon={<UnknownIcon />}
              sx={{ mt: 1, maxWidth: '100%' }}
              label={`${USAGE_TEXTS.priceUnknown}: ${formatCount(now.unpricedCalls)} ${now.unpricedCalls === 1 ? 'call' : 'calls'}, ${formatTokens(now.unpricedTokens)}`}
            />
          )}
        </Figure>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Figure title="Calls" value={formatCount(now.calls)} detail={`${formatCount(before.calls)} in ${previousMonth}`}>
          <Change now={now.calls} before={before.calls} month={short} />
          {now.estimatedCalls > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {`${formatCount(now.estimatedCalls)} with tokens estimated (the provider reported none)`}
            </Typography>
          )}
        </Figure>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Figure
          title="Tokens"
          value={formatTokens(now.inputTokens + now.outputTokens)}
          detail={`${formatCount(now.inputTokens)} in · ${formatCount(now.outputTokens)} out`}
        >
          <Change now={now.inputTokens + now.outputTokens} before={before.inputTokens + before.outputTokens} month={short} />
        </Figure>
      </Grid>
    </Grid>
  );
}

function EmptyMonth({ current, month }: { current: boolean; month: string }) {
  return (
    <Card component="section" aria-labelledby="usage-empty-title">
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Typography id="usage-empty-title" variant="h6" component="h2" gutterBottom>
          {current ? USAGE_TEXTS.emptyThisMonth : USAGE_TEXTS.emptyMonth(month)}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 2 }}>
          {USAGE_TEXTS.emptyThisMonthHelp}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={ROUTES.myPrompts} variant="contained">
            Run a prompt
          </Button>
          <Button component={RouterLink} to={`${ROUTES.usage}?tab=settings`} variant="outlined">
            Budgets and prices
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export interface UsageOverviewProps {
  /** The month shown and the one before it. */
  month: Period;
  previous: Period;
  current: boolean;
}

/** The month's figures against the month before, spend by day, by feature, provider and model, and the most expensive runs. */
export function UsageOverview({ month, previous, current }: UsageOverviewProps) {
  const { money } = useMoney();
  const events = useQuery(usageQueries.events({ from: previous.from, to: month.to }));
  const budgets = useQuery({ ...usageQueries.budgetStatus(), enabled: current });
  return (
    <QueryState
      query={events}
      loadingLabel="Loading your usage"
      errorText={(message) => (
        <>
          <AlertTitle>{USAGE_TEXTS.loadError}</AlertTitle>
          {message}
        </>
      )}
    >
      {(rows) => (
        <Figures
          rows={rows}
          month={month}
          previous={previous}
          current={current}
          money={money}
          budgets={current ? budgets.data : undefined}
        />
      )}
    </QueryState>
  );
}

function Figures({
  rows,
  month,
  previous,
  current,
  money,
  budgets,
}: UsageOverviewProps & { rows: readonly LedgerRow[]; money: Money; budgets: Parameters<typeof BudgetBars>[0]['rows'] | undefined }) {
  const report = useMemo(() => {
    const now = rowsIn(rows, month);
    return {
      now: sumUsage(now),
      before: sumUsage(rowsIn(rows, previous)),
      days: spendByDay(now, month),
      features: byFeature(now),
      providers: byProvider(now),
      models: byModel(now),
      runs: topRuns(now, 10),
    };
  }, [rows, month, previous]);
  const monthName = monthLabel(month);
  return (
    <Stack spacing={3}>
      {budgets && budgets.length > 0 && (
        <Section id="usage-budgets-now" title="Budgets this month">
          <BudgetBars rows={budgets} />
        </Section>
      )}
      {/* Two months of nothing are not worth three cards of zeros: the empty state says it. */}
      {(report.now.calls > 0 || report.before.calls > 0) && (
        <Comparison now={report.now} before={report.before} previousMonth={monthLabel(previous)} money={money} />
      )}
      {report.now.calls === 0 ? (
        <EmptyMonth current={current} month={monthName} />
      ) : (
        <>
          {report.now.unpricedCalls > 0 && (
            <Alert severity="info">{USAGE_TEXTS.unpricedNote(report.now.unpricedCalls, report.now.unpricedTokens)}</Alert>
          )}
          <Section id="usage-by-day" title="Spend by day" subtitle={`${monthName}, by UTC day. Known prices only.`}>
            <SpendByDayChart days={report.days} money={money} label={`Spend by day in ${monthName}`} />
          </Section>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <GroupSection
                id="usage-by-feature"
                title="By feature"
                groups={report.features}
                label={(g) => featureLabel(g.key)}
                money={money}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <GroupSection
                id="usage-by-provider"
                title="By provider"
                groups={report.providers}
                label={(g) => providerLabel(g.key)}
                money={money}
              />
            </Grid>
          </Grid>
          <Section id="usage-by-model" title="By model">
            {chartBars(report.models, (g) => report.models.find((m) => m.key === g.key)!.model).length > 0 && (
              <SpendBarsChart
                bars={chartBars(report.models, (g) => report.models.find((m) => m.key === g.key)!.model)}
                money={money}
                label="By model: known spend per model, as listed below"
              />
            )}
            <GroupTable
              caption="By model"
              groups={report.models}
              money={money}
              name={(g) => {
                const model = report.models.find((m) => m.key === g.key)!;
                return (
                  <>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {model.model}
                    </Box>
                    <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                      {providerLabel(model.provider)}
                    </Typography>
                    {model.unpricedCalls > 0 && (
                      <Link
                        component={RouterLink}
                        variant="caption"
                        to={`${ROUTES.usage}?tab=settings&priceProvider=${encodeURIComponent(model.provider)}&priceModel=${encodeURIComponent(model.model)}`}
                      >
                        Set your price
                      </Link>
                    )}
                  </>
                );
              }}
            />
          </Section>
          <TopRuns runs={report.runs} money={money} />
        </>
      )}
    </Stack>
  );
}
