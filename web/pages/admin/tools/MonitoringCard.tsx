import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { MONITORING_NOTE, MONITORING_PHONE_HELP, normalizeMonitoring, validateMonitoring } from '@/shared/core/admin/monitoring.ts';
import { MAIL_TEXTS } from '@/shared/core/mail.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { adminQueries, useSaveMonitoringMutation } from '@/web/queries/admin.ts';
import { projectQueries } from '@/web/queries/projectStatus.ts';

/** Monitoring alerts: the e-mail and phone for server alerts, stored in the database. */
export function MonitoringCard() {
  const notify = useNotify();
  const query = useQuery(adminQueries.monitoring());
  const mailOff = useQuery(projectQueries.mail()).data === 'off';
  const { mutateAsync: saveSettings, isPending: saving } = useSaveMonitoringMutation();
  const [alertEmail, setAlertEmail] = useState('');
  const [alertPhone, setAlertPhone] = useState('');
  const [errors, setErrors] = useState<{ alertEmail?: string; alertPhone?: string }>({});

  // The fields start from what the database holds (again after each save).
  const settings = query.data;
  useEffect(() => {
    if (!settings) return;
    setAlertEmail(settings.alertEmail);
    setAlertPhone(settings.alertPhone);
  }, [settings]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateMonitoring({ alertEmail, alertPhone });
    setErrors(problems);
    if (problems.alertEmail || problems.alertPhone) {
      return notify({ title: 'Validation Error', description: problems.alertEmail ?? problems.alertPhone, variant: 'destructive' });
    }
    await saveSettings(normalizeMonitoring({ alertEmail, alertPhone })).catch(() => undefined);
  };

  return (
    <Card component="section" aria-labelledby="monitoring-title">
      <CardContent>
        <Typography id="monitoring-title" variant="h6" component="h3" gutterBottom>
          Monitoring alerts
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Who to contact when the server needs attention.
        </Typography>
        <QueryState
          query={query}
          loadingLabel="Loading monitoring settings"
          spinnerSize={28}
          loadingSx={null}
          errorText={(message) => `Error fetching monitoring settings: ${message}`}
        >
          {({ updatedAt }) => (
            <Stack component="form" spacing={2} onSubmit={(e) => void save(e)} noValidate>
              <TextField
                label="Alert email"
                type="email"
                value={alertEmail}
                onChange={(e) => setAlertEmail(e.target.value)}
                error={Boolean(errors.alertEmail)}
                helperText={errors.alertEmail}
                disabled={saving}
                fullWidth
              />
              <TextField
                label="Alert phone"
                type="tel"
                value={alertPhone}
                onChange={(e) => setAlertPhone(e.target.value)}
                error={Boolean(errors.alertPhone)}
                helperText={errors.alertPhone ?? MONITORING_PHONE_HELP}
                disabled={saving}
                fullWidth
              />
              {mailOff ? (
                <Alert severity="warning">
                  <AlertTitle>{MAIL_TEXTS.offTitle}</AlertTitle>
                  {MAIL_TEXTS.monitoringAlerts}
                </Alert>
              ) : (
                <Alert severity="info">{MONITORING_NOTE}</Alert>
              )}
              <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Button type="submit" variant="contained" loading={saving} sx={{ whiteSpace: 'nowrap' }}>
                  Save settings
                </Button>
                {updatedAt && (
                  <Typography variant="caption" color="text.secondary">
                    Last saved {new Date(updatedAt).toLocaleString()}
                  </Typography>
                )}
              </Stack>
            </Stack>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
