import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Button, Link, Stack, Typography } from '@mui/material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { ROUTES } from '@/shared/core/routes.ts';
import { AuthCard } from './AuthCard.tsx';

/** /admin-access: the administrative access portal; its button leads to /master-login. */
export function AdminAccessPage() {
  return (
    <AuthCard
      title="Administrative Access"
      subtitle="This portal is for AI Vault administrators. Signing in here requires an administrator role."
      icon={<AdminPanelSettingsIcon />}
    >
      <Stack spacing={2.5}>
        <Button component={RouterLink} to={ROUTES.masterLogin} variant="contained" size="large" fullWidth>
          Proceed to Master Login
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Not an administrator?{' '}
          <Link component={RouterLink} to={ROUTES.auth}>
            Go to the regular sign-in
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
