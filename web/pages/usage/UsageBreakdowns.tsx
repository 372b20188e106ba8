import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Card,
  CardContent,
  Chip,
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
import UnknownIcon from '@mui/icons-material/HelpOutlineOutlined';
import { formatCount, formatTokens, type RunGroup, type UsageGroup, type UsageSums } from '@/shared/core/usage/report.ts';
import { subjectOf } from '@/shared/data/usageReport.ts';
import { usageQueries } from '@/web/queries/usage.ts';
import { SpendBarsChart } from './UsageCharts.tsx';
import { featureLabel, subjectLabel, USAGE_TEXTS } from './usageFormat.ts';

/** The Usage page's breakdowns: a section, the per-feature/provider/model tables with their bars, the most expensive runs. */

type Money = (usdMicros: number) => string;

export function Section({ id, title, subtitle, children }: { id: string; title: string; subtitle?: string; children: ReactNode }) {
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
export function GroupTable({
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
export const chartBars = (groups: readonly UsageGroup[], label: (g: UsageGroup) => string) =>
  groups
    .filter((g) => g.costMicros > 0)
    .slice(0, MAX_BARS)
    .map((g) => ({ label: label(g), costMicros: g.costMicros }));

/** Feature or provider: bars of the known spend, and the table of every group. */
export function GroupSection(props: {
  id: string;
  title: string;
  groups: readonly UsageGroup[];
  label: (g: UsageGroup) => string;
  money: Money;
}) {
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
export function TopRuns({ runs, money }: { runs: readonly RunGroup[]; money: Money }) {
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
