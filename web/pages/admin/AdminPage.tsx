import { Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AlertTitle, Box, Button, CircularProgress, Container, Paper, Tab, Tabs, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { ACCESS_DENIED, adminScreenTitle } from '@/shared/core/admin/roles.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { ADMIN_TABS } from './adminTabs.ts';
import { MasterAdminTools } from './tools/MasterAdminTools.tsx';
import { useAdminAccess } from './useAdminAccess.ts';

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** Everyone but admins and master admins sees this (and the server refuses their data calls). */
function AccessDenied() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 4 }}>
        <LockIcon color="error" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography variant="h4" component="h1" gutterBottom>
          {ACCESS_DENIED.title}
        </Typography>
        <Typography color="text.secondary">{ACCESS_DENIED.message}</Typography>
        <Button component={RouterLink} to={ROUTES.dashboard} variant="outlined" sx={{ mt: 3 }}>
          Back to the dashboard
        </Button>
      </Paper>
    </Container>
  );
}

/**
 * /admin/dashboard and /admin/users: 'Master Admin Dashboard' or
 * 'Admin Control Panel' with its tabs; master admins also get the monitoring, backup and
 * roles-guide cards.
 */
export function AdminPage() {
  const access = useAdminAccess();
  const [params, setParams] = useSearchParams();
  const [reloadKey, setReloadKey] = useState(0);

  const role = access.data;
  if (role === undefined) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <QueryState
          query={access}
          loadingLabel="Checking your access"
          loadingSx={{ display: 'grid', placeItems: 'center', py: 2 }}
          errorText={(message) => (
            <>
              <AlertTitle>Could not check your access</AlertTitle>
              {message}
            </>
          )}
        >
          {() => null}
        </QueryState>
      </Container>
    );
  }
  if (role === null) return <AccessDenied />;

  const tab = ADMIN_TABS.find((t) => t.id === params.get('tab')) ?? ADMIN_TABS[0]!;
  const master = role === 'master_admin';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title={adminScreenTitle(role)}
        subtitle={
          master ? 'Manage admins and users, alert contacts and app data.' : 'Manage the Editor and View Only accounts of your team.'
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab.id}
          onChange={(_, id: string) => setParams(id === ADMIN_TABS[0]!.id ? {} : { tab: id }, { replace: true })}
          aria-label="Admin sections"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {ADMIN_TABS.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} id={`admin-tab-${t.id}`} aria-controls={`admin-panel-${t.id}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`admin-panel-${tab.id}`} aria-labelledby={`admin-tab-${tab.id}`}>
        <Suspense fallback={<Loading label={`Loading ${tab.label}`} />}>
          <tab.Component viewerRole={role} reloadKey={reloadKey} />
        </Suspense>
      </Box>
      {master && <MasterAdminTools onRestored={() => setReloadKey((k) => k + 1)} />}
    </Container>
  );
}
