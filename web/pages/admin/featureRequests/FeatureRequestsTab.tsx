import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { FEATURE_REQUEST_TEXTS as T, type FeatureDemand } from '@/shared/core/featureRequests.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { featureRequestQueries, useMarkShippedMutation } from '@/web/queries/featureRequests.ts';
import type { AdminTabProps } from '../adminTabs.ts';

const dateOf = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function FeatureCard({ demand, busy, onShip }: { demand: FeatureDemand; busy: boolean; onShip: (demand: FeatureDemand) => void }) {
  const headingId = `feature-${demand.feature}`;
  const shipped = demand.shippedAt !== null;
  return (
    <Card component="li" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {demand.label}
            </Typography>
            <Chip size="small" label={T.requests(demand.requesters.length)} color={demand.requesters.length > 0 ? 'primary' : 'default'} />
            {shipped && <Chip size="small" color="success" label={T.shipped(dateOf(demand.shippedAt!))} />}
          </Stack>
          {(!shipped || demand.pending > 0) && (
            <Button
              variant={shipped || demand.requesters.length === 0 ? 'outlined' : 'contained'}
              size="small"
              disabled={busy}
              onClick={() => onShip(demand)}
              sx={{ flexShrink: 0 }}
            >
              {shipped ? T.notifyNew(demand.pending) : T.markShipped}
            </Button>
          )}
        </Stack>
        {demand.requesters.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {T.noRequests}
          </Typography>
        ) : (
          <Box component="ul" aria-label={`Requesters of ${demand.label}`} sx={{ m: 0, mt: 1.5, pl: 2.5 }}>
            {demand.requesters.map((r) => (
              <Typography key={r.id} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {r.email ?? T.unknownEmail} · {dateOf(r.created_at)}
                {r.notified_at ? ` · ${T.notified}` : ''}
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Which features users asked for, who asked and when; "Mark shipped" mails the requesters once. */
export function FeatureRequestsTab({ reloadKey }: AdminTabProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<FeatureDemand | null>(null);
  const query = useQuery(featureRequestQueries.admin());
  const { mutateAsync: markShipped, isPending: busy } = useMarkShippedMutation();

  useEffect(() => {
    if (reloadKey) void queryClient.invalidateQueries({ queryKey: queryKeys.featureRequests.all });
  }, [reloadKey, queryClient]);

  const ship = async (demand: FeatureDemand) => {
    setConfirming(null);
    await markShipped(demand).catch(() => undefined);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {T.intro}
      </Typography>
      <QueryState query={query} loadingLabel={T.loading} errorText={(text) => `${T.loadError}: ${text}`}>
        {(demands) => (
          <Stack component="ul" aria-label="Requested features" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {demands.map((demand) => (
              <FeatureCard key={demand.feature} demand={demand} busy={busy} onShip={setConfirming} />
            ))}
          </Stack>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? T.confirmTitle(confirming.label) : ''}
        confirmLabel={T.confirm}
        destructive={false}
        onConfirm={() => confirming && void ship(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming && T.confirmBody(confirming.label, confirming.pending)}
      </ConfirmDialog>
    </Stack>
  );
}
