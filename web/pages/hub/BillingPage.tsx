import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Card,
  CardContent,
  Chip,
  Container,
  Divider,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  LinearProgress,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import SettingsIcon from '@mui/icons-material/ManageAccountsOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canManage, type PaidPlanId } from '@/shared/core/billing.ts';
import { BILLING_TEXTS } from '@/shared/core/billingTexts.ts';
import { contactPathWithSubject, formatUsd, PLANS, type Plan } from '@/shared/core/hub.ts';
import { openSubscriptionPortal, startSubscriptionCheckout } from '@/shared/data/subscriptions.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { planQueries } from '@/web/queries/plan.ts';
import { BillingStatus, type CheckoutReturn } from './BillingStatus.tsx';

function PlanCard({ plan, current, action }: { plan: Plan; current: boolean; action: CardAction }) {
  return (
    <Card
      component="section"
      aria-labelledby={`plan-${plan.id}`}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        borderWidth: plan.highlighted ? 2 : 1,
        borderColor: plan.highlighted ? 'primary.main' : current ? (t) => alpha(t.palette.success.main, 0.5) : 'divider',
        boxShadow: plan.highlighted ? '0 16px 40px rgba(79,70,229,0.12)' : 'none',
      }}
    >
      <CardContent sx={{ p: { xs: 3, md: 3.5 }, display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', minHeight: 28 }}>
          <Typography variant="h6" component="h2" id={`plan-${plan.id}`}>
            {plan.name}
          </Typography>
          {current ? (
            <Chip label="Current Plan" color="success" size="small" sx={{ fontWeight: 700 }} />
          ) : plan.highlighted ? (
            <Chip label="Most popular" color="primary" size="small" sx={{ fontWeight: 700 }} />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, minHeight: { md: 40 } }}>
          {plan.tagline}
        </Typography>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', mt: 2.5 }}>
          <Typography sx={{ fontSize: 40, fontWeight: 800, letterSpacing: '-0.02em', lineHeight: 1 }}>{formatUsd(plan.price)}</Typography>
          <Typography variant="body1" color="text.secondary">
            {plan.period || 'forever'}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, minHeight: 20 }}>
          {plan.users ? `${plan.users} users included` : '1 user'}
        </Typography>
        <Divider sx={{ my: 2.5 }} />
        <List dense disablePadding aria-label={`${plan.name} features`} sx={{ flexGrow: 1 }}>
          {plan.features.map((feature) => (
            <ListItem key={feature} disableGutters sx={{ alignItems: 'flex-start', py: 0.5 }}>
              <ListItemIcon sx={{ minWidth: 30, mt: 0.25 }}>
                <CheckIcon fontSize="small" color={plan.highlighted ? 'primary' : 'success'} />
              </ListItemIcon>
              <ListItemText primary={feature} sx={{ my: 0 }} />
            </ListItem>
          ))}
        </List>
        <Box sx={{ mt: 3 }}>
          {current ? (
            <Button fullWidth variant="outlined" disabled size="large">
              Current Plan
            </Button>
          ) : action ? (
            <Button
              fullWidth
              size="large"
              variant={plan.highlighted ? 'contained' : 'outlined'}
              disabled={action.disabled}
              onClick={action.onClick}
              startIcon={action.busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {action.label}
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

/** What a plan card's button does: start Checkout, open the portal, or nothing (the current plan). */
type CardAction = { label: string; busy: boolean; disabled: boolean; onClick(): void } | null;

/**
 * /billing: Free, Pro and Team and the account's plan as the database has it. Upgrades go through
 * Stripe Checkout, changes and cancellation through the Customer Portal; after Checkout the page
 * asks again until the webhook has recorded the subscription.
 */
export function BillingPage() {
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const [slow, setSlow] = useState(false);
  const [planAwaited, setPlanAwaited] = useState(returned === 'success');
  const poll = planAwaited && !slow ? 1000 : false;
  const planQuery = useQuery({ ...planQueries.current(), refetchInterval: poll });
  const subscriptionQuery = useQuery({ ...planQueries.subscription(), refetchInterval: poll });
  const queryClient = useQueryClient();
  const confirmed = returned === 'success' && planQuery.data !== undefined && planQuery.data !== 'free';
  useEffect(() => {
    if (!planAwaited) return;
    if (confirmed) {
      setPlanAwaited(false);
      // The subscription was polled on its own and may have been read just before the webhook wrote it;
      // the generation limit comes from the plan.
      void queryClient.invalidateQueries({ queryKey: queryKeys.plan.subscription() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.quota.all });
      return;
    }
    // Not a test wait: after a minute the page stops asking and says what to do.
    const timer = setTimeout(() => setSlow(true), 60_000);
    return () => clearTimeout(timer);
  }, [planAwaited, confirmed, queryClient]);
  const checkout: CheckoutReturn =
    returned === 'cancelled' ? 'cancelled' : returned === 'success' ? (confirmed ? 'confirmed' : slow ? 'slow' : 'confirming') : null;

  const [actionError, setActionError] = useState<{ message: string; plan: Plan | null } | null>(null);
  const go = useMutation({
    mutationFn: async (target: { plan: Plan | null }) =>
      unwrap(await (target.plan ? startSubscriptionCheckout(supabase, target.plan.id as PaidPlanId) : openSubscriptionPortal(supabase))),
    onMutate: () => setActionError(null),
    onSuccess: (url) => window.location.assign(url),
    onError: (error, target) => setActionError({ message: error.message, plan: target.plan }),
  });
  const leaving = go.isPending || go.isSuccess;

  const current = PLANS.find((p) => p.id === planQuery.data);
  const subscription = subscriptionQuery.data ?? null;
  const manageable = canManage(subscription);
  const actionOf = (plan: Plan): CardAction => {
    if (!plan.cta || !planQuery.data || plan.id === current?.id) return null;
    const busy = leaving && go.variables?.plan?.id === plan.id;
    if (manageable) return { label: `Switch to ${plan.name}`, busy, disabled: leaving, onClick: () => go.mutate({ plan: null }) };
    // While a payment is being confirmed, a second Checkout would buy a second subscription.
    return { label: plan.cta.label, busy, disabled: leaving || checkout === 'confirming', onClick: () => go.mutate({ plan }) };
  };

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader
        title="Billing"
        subtitle={
          current ? `You're on the ${current.name} plan. Upgrade any time as your work grows.` : 'Upgrade any time as your work grows.'
        }
        actions={
          manageable ? (
            <Button
              variant="outlined"
              startIcon={leaving && go.variables?.plan === null ? <CircularProgress size={16} aria-hidden /> : <SettingsIcon />}
              disabled={leaving}
              onClick={() => go.mutate({ plan: null })}
            >
              {BILLING_TEXTS.manage}
            </Button>
          ) : undefined
        }
      />
      {(planQuery.isLoading || subscriptionQuery.isLoading) && <LinearProgress aria-label="Loading your plan" sx={{ mb: 3 }} />}
      {(planQuery.isError || subscriptionQuery.isError) && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {BILLING_TEXTS.loadError}
        </Alert>
      )}
      {actionError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            actionError.plan?.cta ? (
              <Button color="inherit" size="small" component={RouterLink} to={contactPathWithSubject(actionError.plan.cta.subject)}>
                Contact us
              </Button>
            ) : undefined
          }
        >
          {actionError.message}
        </Alert>
      )}
      <BillingStatus checkout={checkout} plan={planQuery.data} subscription={subscriptionQuery.data} />
      <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
        {PLANS.map((plan) => (
          <Grid key={plan.id} size={{ xs: 12, md: 4 }}>
            <PlanCard plan={plan} current={plan.id === current?.id} action={actionOf(plan)} />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ mt: 4, p: 2, borderRadius: 3, bgcolor: 'action.hover', alignItems: 'flex-start' }}>
        <InfoIcon color="primary" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          {BILLING_TEXTS.footnote}
        </Typography>
      </Stack>
    </Container>
  );
}
