import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { PLANS } from '@/shared/core/hub.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { planQueries } from '@/web/queries/plan.ts';

/** Settings' way to Billing, with the plan the account is on. */
export function PlanCard() {
  const plan = useQuery(planQueries.current());
  const name = PLANS.find((p) => p.id === plan.data)?.name;
  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-plan-title">
      <CardContent>
        <Typography id="settings-plan-title" variant="h6" component="h2" gutterBottom>
          Plan and billing
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {plan.isPending ? (
            <Skeleton width={220} aria-label="Loading your plan" />
          ) : name ? (
            `You are on the ${name} plan. Upgrade, change plan, update your card or cancel on the Billing page.`
          ) : (
            'Upgrade, change plan, update your card or cancel on the Billing page.'
          )}
        </Typography>
        <Button component={RouterLink} to={ROUTES.billing} variant="outlined">
          Billing
        </Button>
      </CardContent>
    </Card>
  );
}
