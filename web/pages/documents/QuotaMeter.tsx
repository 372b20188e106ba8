import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  Tooltip,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { isQuotaReached, quotaLabel, quotaPercent, quotaResetsOn, QUOTA_TEXTS } from '@/shared/core/quota.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import type { QuotaApi } from './useQuota.ts';

const resetDate = (month: string) =>
  new Date(`${quotaResetsOn(month)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Generations this month 12 / 50" with a bar, as the database counts them. */
export function QuotaMeter({ quota }: { quota: QuotaApi }) {
  const { state } = quota;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="quota-meter"
      sx={{ minWidth: 220, px: 2, py: 1.25, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {QUOTA_TEXTS.counterLabel}
      </Typography>
      {state.status === 'loading' && <CircularProgress size={18} aria-label="Loading the generation counter" sx={{ mt: 0.5 }} />}
      {state.status === 'error' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography variant="body2" color="error">
            Counter unavailable
          </Typography>
          <Tooltip title="Try again">
            <IconButton size="small" aria-label="Load the generation counter again" onClick={() => void quota.refresh()}>
              <RefreshIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      {state.status === 'ready' && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="h6" component="p" data-testid="quota-count" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {quotaLabel(state.quota)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              resets {resetDate(state.quota.month)}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={quotaPercent(state.quota)}
            color={isQuotaReached(state.quota) ? 'error' : 'primary'}
            aria-label={`${quotaLabel(state.quota)} generations used this month`}
            sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          />
        </>
      )}
    </Box>
  );
}

/** The 'Monthly Generation Limit Reached' modal with the upgrade link (to /billing). */
export function QuotaLimitDialog({ quota }: { quota: QuotaApi }) {
  const month = quota.state.status === 'ready' ? quota.state.quota.month : null;
  return (
    <Dialog
      open={quota.limitOpen}
      onClose={quota.closeLimit}
      aria-labelledby="quota-limit-title"
      aria-describedby="quota-limit-body"
      maxWidth="xs"
    >
      <DialogTitle id="quota-limit-title">{QUOTA_TEXTS.limitTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="quota-limit-body">{QUOTA_TEXTS.limitBody}</DialogContentText>
        {month && (
          <DialogContentText sx={{ mt: 1.5 }}>
            Your counter starts again on {resetDate(month)}. Nothing you wrote is lost: your prompt stays here.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={quota.closeLimit}>Close</Button>
        <Button component={RouterLink} to={ROUTES.billing} variant="contained">
          {QUOTA_TEXTS.upgrade}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
