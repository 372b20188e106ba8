import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { MONITORING_NOTE, normalizeMonitoring, validateMonitoring } from '../../../../shared/core/adminMonitoring.ts';
import { ADMIN_TOASTS } from '../../../../shared/core/adminUsers.ts';
import { getMonitoringSettings, saveMonitoringSettings } from '../../../../shared/data/adminMonitoring.ts';
import { useNotify } from '../../../../shared/ui/notices.tsx';
import { supabase } from '../../../lib/supabase.ts';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; updatedAt: string | null };

/** Monitoring alerts: the e-mail and phone for server alerts, stored in the database. */
export function MonitoringCard() {
  const notify = useNotify();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [alertEmail, setAlertEmail] = useState('');
  const [alertPhone, setAlertPhone] = useState('');
  const [errors, setErrors] = useState<{ alertEmail?: string; alertPhone?: string }>({});
  const [saving, setSaving] = useState(false);

  const fetchSettings = useCallback(async () => {
    setLoad({ status: 'loading' });
    const { data, error } = await getMonitoringSettings(supabase);
    if (error) return setLoad({ status: 'error', message: error.message });
    setAlertEmail(data.alertEmail);
    setAlertPhone(data.alertPhone);
    setLoad({ status: 'ready', updatedAt: data.updatedAt });
  }, []);

  useEffect(() => {
    void fetchSettings();
  }, [fetchSettings]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateMonitoring({ alertEmail, alertPhone });
    setErrors(problems);
    if (problems.alertEmail || problems.alertPhone) {
      return notify({ title: 'Validation Error', description: problems.alertEmail ?? problems.alertPhone, variant: 'destructive' });
    }
    setSaving(true);
    const { data, error } = await saveMonitoringSettings(supabase, normalizeMonitoring({ alertEmail, alertPhone }));
    setSaving(false);
    if (error) return notify({ title: 'Error saving monitoring settings', description: error.message, variant: 'destructive' });
    setAlertEmail(data.alertEmail);
    setAlertPhone(data.alertPhone);
    setLoad({ status: 'ready', updatedAt: data.updatedAt });
    notify(ADMIN_TOASTS.monitoringSaved);
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
        {load.status === 'loading' && <CircularProgress size={28} aria-label="Loading monitoring settings" />}
        {load.status === 'error' && (
          <Alert severity="error" action={<Button onClick={() => void fetchSettings()}>Try again</Button>}>
            Error fetching monitoring settings: {load.message}
          </Alert>
        )}
        {load.status === 'ready' && (
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
              helperText={errors.alertPhone ?? 'For text messages, e.g. +15550100.'}
              disabled={saving}
              fullWidth
            />
            <Alert severity="info">{MONITORING_NOTE}</Alert>
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" loading={saving} sx={{ whiteSpace: 'nowrap' }}>
                Save Settings
              </Button>
              {load.updatedAt && (
                <Typography variant="caption" color="text.secondary">
                  Last saved {new Date(load.updatedAt).toLocaleString()}
                </Typography>
              )}
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
