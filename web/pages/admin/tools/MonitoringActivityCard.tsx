import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { isMonitoringKind, MONITORING_KIND_LABELS, MONITORING_KINDS } from '@/shared/core/admin/monitoringEvents.ts';
import type { MonitoringCount } from '@/shared/data/admin/monitoring.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { adminQueries } from '@/web/queries/admin.ts';

const kindLabel = (kind: string) => (isMonitoringKind(kind) ? MONITORING_KIND_LABELS[kind] : kind);

/** Every kind, with zero where nothing happened, so "nothing failed" is visible too. */
function countRows(counts: readonly MonitoringCount[]): MonitoringCount[] {
  return MONITORING_KINDS.map((kind) => counts.find((c) => c.kind === kind) ?? { kind, lastDay: 0, lastWeek: 0, lastAt: null });
}

/** What was monitored: counts per kind (last 24 hours, last 7 days) and the newest events. */
export function MonitoringActivityCard() {
  const query = useQuery({ ...adminQueries.monitoringActivity(), refetchInterval: 60_000 });
  return (
    <Card component="section" aria-labelledby="monitoring-activity-title">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id="monitoring-activity-title" variant="h6" component="h3" sx={{ flexGrow: 1 }}>
            Monitoring
          </Typography>
          <Button size="small" startIcon={<RefreshIcon />} onClick={() => void query.refetch()} loading={query.isFetching}>
            Refresh
          </Button>
        </Stack>
        <QueryState
          query={query}
          loadingLabel="Loading monitoring events"
          errorText={(message) => `Error fetching monitoring events: ${message}`}
        >
          {({ counts, events }) => (
            <>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Events per kind">
                  <TableHead>
                    <TableRow>
                      <TableCell>Kind</TableCell>
                      <TableCell align="right">Last 24 hours</TableCell>
                      <TableCell align="right">Last 7 days</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {countRows(counts).map((row) => (
                      <TableRow key={row.kind}>
                        <TableCell component="th" scope="row">
                          {kindLabel(row.kind)}
                        </TableCell>
                        <TableCell align="right">{row.lastDay}</TableCell>
                        <TableCell align="right">{row.lastWeek}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
              <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
                Recent events
              </Typography>
              {events.length === 0 ? (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  No events recorded yet.
                </Typography>
              ) : (
                <List dense aria-label="Recent events">
                  {events.map((event) => (
                    <ListItem key={event.id} disableGutters divider>
                      <ListItemText
                        primary={event.message}
                        secondary={`${new Date(event.createdAt).toLocaleString()} · ${kindLabel(event.kind)}${event.source ? ` · ${event.source}` : ''}`}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                      {event.alerted && <Chip size="small" label="Alert sent" sx={{ ml: 1 }} />}
                    </ListItem>
                  ))}
                </List>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
