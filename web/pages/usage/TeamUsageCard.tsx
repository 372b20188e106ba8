import { useQuery } from '@tanstack/react-query';
import { AlertTitle, Card, CardContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatCount } from '@/shared/core/usage/report.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { usageQueries } from '@/web/queries/usage.ts';
import { USAGE_TEXTS, useMoney } from './usageFormat.ts';

/** A team owner's members (themselves included) with what each spent in the month: totals only, no one's calls. */
export function TeamUsageCard({ monthStart, monthName }: { monthStart: string; monthName: string }) {
  const members = useQuery(usageQueries.team(monthStart));
  const { money } = useMoney();
  return (
    <Card component="section" aria-labelledby="usage-team-title">
      <CardContent>
        <Typography id="usage-team-title" variant="h6" component="h2">
          Usage per member
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {`What each member of your team spent on their own keys in ${monthName}. Totals only: nobody’s calls are shown.`}
        </Typography>
        <QueryState
          query={members}
          loadingLabel="Loading your team’s usage"
          errorText={(m) => (
            <>
              <AlertTitle>Could not load your team’s usage</AlertTitle>
              {m}
            </>
          )}
        >
          {(list) => (
            <TableContainer>
              <Table size="small" aria-labelledby="usage-team-title">
                <TableHead>
                  <TableRow>
                    <TableCell>Member</TableCell>
                    <TableCell align="right">Calls</TableCell>
                    <TableCell align="right">Spend</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((m) => (
                    <TableRow key={m.userId}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.email}</TableCell>
                      <TableCell align="right">{formatCount(m.calls)}</TableCell>
                      <TableCell align="right">
                        {m.calls > 0 && m.unpricedCalls === m.calls ? USAGE_TEXTS.priceUnknown : money(m.costMicros)}
                        {m.unpricedCalls > 0 && m.unpricedCalls < m.calls && (
                          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                            {`+ ${formatCount(m.unpricedCalls)} of unknown price`}
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
