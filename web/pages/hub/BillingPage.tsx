import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
  Divider,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useQuery } from '@tanstack/react-query';
import { contactPathWithSubject, formatUsd, PLANS, type Plan } from '@/shared/core/hub.ts';
import { getCurrentPlan } from '@/shared/data/plans.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
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
          ) : plan.cta ? (
            <Button
              fullWidth
              size="large"
              variant={plan.highlighted ? 'contained' : 'outlined'}
              component={RouterLink}
              to={contactPathWithSubject(plan.cta.subject)}
            >
              {plan.cta.label}
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

/** /billing: Free, Pro and Team, the account's plan as the database has it; upgrades go through the contact form for now. */
export function BillingPage() {
  const planQuery = useQuery({ queryKey: queryKeys.plan.all, queryFn: async () => unwrap(await getCurrentPlan(supabase)) });
  const current = PLANS.find((p) => p.id === planQuery.data);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader
        title="Billing"
        subtitle={
          current ? `You're on the ${current.name} plan. Upgrade any time as your work grows.` : 'Upgrade any time as your work grows.'
        }
      />
      <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
        {PLANS.map((plan) => (
          <Grid key={plan.id} size={{ xs: 12, md: 4 }}>
            <PlanCard plan={plan} current={plan.id === current?.id} />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ mt: 4, p: 2, borderRadius: 3, bgcolor: 'action.hover', alignItems: 'flex-start' }}>
        <InfoIcon color="primary" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          Prices are in US dollars (USD). Paid plans are not sold online yet: the upgrade buttons open the contact form and we'll set up
          your plan with you. You always use your own AI provider key, so AI usage is billed by your provider.
        </Typography>
      </Stack>
    </Container>
  );
}
