import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
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
  type RunGroup,
  type UsageGroup,
  type UsageSums,
} from '@/shared/core/usage/report.ts';
import { subjectOf } from '@/shared/data/usageReport.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { usageQueries } from '@/web/queries/usage.ts';
import { BudgetBars } from './BudgetsCard.tsx';
import { SpendBarsChart, SpendByDayChart } from './UsageCharts.tsx';
import { costText, featureLabel, providerLabel, subjectLabel, USAGE_TEXTS, useMoney } from './usageFormat.ts';

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

function Section({ id, title, subtitle, children }: { id: string; title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom={!subtitle}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** Table columns shown from `sm` up; on phones their figures go under the name. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A group's cost cell: its known amount, or "Price unknown" with its tokens (unless its table shows them). */
function CostCell({ group, money, tokensColumn = false }: { group: UsageSums; money: Money; tokensColumn?: boolean }) {
  if (group.unpricedCalls === group.calls) {
    return (
      <Stack spacing={0.25} sx={{ alignItems: 'flex-end' }}>
        <Chip size="small" variant="outlined" icon={<UnknownIcon />} label={USAGE_TEXTS.priceUnknown} />
        {!tokensColumn && (
          <Typography variant="caption" color="text.secondary">
            {formatTokens(group.unpricedTokens)}
          </Typography>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-end' }}>
      <span>{money(group.costMicros)}</span>
      {group.unpricedCalls > 0 && (
        <Typography variant="caption" color="text.secondary">
          {`+ ${formatCount(group.unpricedCalls)} unknown (${formatTokens(group.unpricedTokens)})`}
        </Typography>
      )}
    </Stack>
  );
}

/** A table of groups with their calls, tokens and cost (the numbers the charts draw). */
function GroupTable({
  caption,
  groups,
  name,
  money,
}: {
  caption: string;
  groups: readonly UsageGroup[];
  name: (g: UsageGroup) => ReactNode;
  money: Money;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              Calls
            </TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              Tokens
            </TableCell>
            <TableCell align="right">Cost</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((g) => (
            <TableRow key={g.key}>
              <TableCell sx={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
                {name(g)}
                <Typography variant="caption" color="text.secondary" component="span" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {`${formatCount(g.calls)} ${g.calls === 1 ? 'call' : 'calls'} · ${formatTokens(g.inputTokens + g.outputTokens)}`}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {formatCount(g.calls)}
              </TableCell>
              <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                {formatTokens(g.inputTokens + g.outputTokens)}
              </TableCell>
              <TableCell align="right">
                <CostCell group={g} money={money} tokensColumn />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const MAX_BARS = 8;
const chartBars = (groups: readonly UsageGroup[], label: (g: UsageGroup) => string) =>
  groups
    .filter((g) => g.costMicros > 0)
    .slice(0, MAX_BARS)
    .map((g) => ({ label: label(g), costMicros: g.costMicros }));

/** Feature or provider: bars of the known spend, and the table of every group. */
function GroupSection(props: { id: string; title: string; groups: readonly UsageGroup[]; label: (g: UsageGroup) => string; money: Money }) {
  const bars = chartBars(props.groups, props.label);
  return (
    <Section id={props.id} title={props.title}>
      {bars.length > 0 && (
        <SpendBarsChart bars={bars} money={props.money} label={`${props.title}: known spend per entry, as listed below`} />
      )}
      <GroupTable caption={props.title} groups={props.groups} name={(g) => props.label(g)} money={props.money} />
    </Section>
  );
}

function runName(run: RunGroup, subject: { title: string | null; path: string | null } | undefined, subjectsRead: boolean) {
  if (!run.subjectKind) return { title: `${featureLabel(run.feature)} (one call)`, path: null };
  if (!subject) return { title: subjectsRead ? `${subjectLabel(run.subjectKind)} (deleted)` : subjectLabel(run.subjectKind), path: null };
  return { title: subject.title?.trim() || subjectLabel(run.subjectKind), path: subject.path };
}

const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** The most expensive runs of the month, each linked to where it lives. */
function TopRuns({ runs, money }: { runs: readonly RunGroup[]; money: Money }) {
  const subjects = useQuery({ ...usageQueries.subjects(runs), enabled: runs.some((r) => r.subjectKind) });
  return (
    <Section
      id="usage-top-runs"
      title="Most expensive runs"
      subtitle="Calls grouped by the run, conversation, workflow run or document they belong to."
    >
      <List disablePadding>
        {runs.map((run) => {
          const { title, path } = runName(run, subjects.data && subjectOf(subjects.data, run), subjects.isSuccess);
          const kind = run.subjectKind ? subjectLabel(run.subjectKind) : '';
          const detail = [
            ...(run.subjectKind ? [kind] : []),
            `${formatCount(run.calls)} ${run.calls === 1 ? 'call' : 'calls'}`,
            run.models.slice(0, 2).join(', ') + (run.models.length > 2 ? ` +${run.models.length - 2}` : ''),
            shortDate(run.lastAt),
          ].join(' · ');
          return (
            <ListItem key={run.key} divider disableGutters sx={{ gap: 2, alignItems: 'flex-start' }}>
              <ListItemText
                sx={{ minWidth: 0 }}
                primary={
                  path ? (
                    <Link component={RouterLink} to={path} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {title}
                    </Link>
                  ) : (
                    <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {title}
                    </Box>
                  )
                }
                secondary={detail}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              <Box sx={{ flexShrink: 0, textAlign: 'right', pt: 0.75 }}>
                <CostCell group={run} money={money} />
              </Box>
            </ListItem>
          );
        })}
      </List>
    </Section>
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
