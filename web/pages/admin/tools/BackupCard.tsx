import { useRef, useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import { BACKUP_FILE_NAME, BACKUP_MAX_BYTES, parseBackup } from '@/shared/core/admin/backup.ts';
import { planRestore } from '@/shared/core/admin/restore.ts';
import { applyRestore, buildBackup, readAllSections } from '@/shared/data/admin/backup.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { RestorePlanDialog, type RestoreReview } from './RestorePlanDialog.tsx';

/** The restore toast stays 7 s. */
const RESTORE_NOTICE_MS = 7000;

/**
 * Data backup: everything the master admin may read as
 * ai_vault_all_app_data.json, and a restore from such a file — checked, shown as a dry run,
 * then applied as the master admin (the database's rules apply to every row).
 */
export function BackupCard({ onRestored }: { onRestored: () => void }) {
  const notify = useNotify();
  const user = useUser();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'check' | 'apply' | null>(null);
  const [review, setReview] = useState<RestoreReview | null>(null);
  const fail = (title: string, message: string) => notify({ title, description: message, variant: 'destructive' });

  const exportAll = async () => {
    setBusy('export');
    try {
      const built = await buildBackup(supabase, user?.email ?? '');
      if (built.error) return fail('Error exporting data', built.error.message);
      const backup = built.data;
      const rows = Object.values(backup.tables).reduce((n, t) => n + t.length, 0);
      downloadFile(JSON.stringify(backup, null, 2), BACKUP_FILE_NAME, 'application/json');
      notify({ title: 'All App Data Exported', description: `${rows} records saved to ${BACKUP_FILE_NAME}.` });
    } catch (error) {
      fail('Error exporting data', (error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const check = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file || !user) return;
    if (file.size > BACKUP_MAX_BYTES)
      return setReview({ kind: 'invalid', fileName: file.name, errors: ['The file is larger than 50 MB.'] });
    setBusy('check');
    try {
      const parsed = parseBackup(await file.text());
      if (!parsed.ok) return setReview({ kind: 'invalid', fileName: file.name, errors: parsed.errors });
      const current = await readAllSections(supabase);
      if (current.error) return fail('Error reading the backup', current.error.message);
      const plan = planRestore(parsed.file, current.data, user.id);
      setReview({ kind: 'plan', fileName: file.name, file: parsed.file, plan });
    } catch (error) {
      fail('Error reading the backup', (error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (review?.kind !== 'plan') return;
    setBusy('apply');
    const outcome = await applyRestore(supabase, review.plan);
    setBusy(null);
    setReview(null);
    const progress = outcome.error ? outcome.error.progress : outcome.data;
    const rows = Object.values(progress.written).reduce((n, c) => n + c, 0);
    if (progress.appliedBatches > 0) onRestored();
    if (outcome.error) {
      const partial = progress.appliedBatches
        ? ` ${progress.appliedBatches} of ${progress.totalBatches} parts (${rows} rows) were restored before it.`
        : ' Nothing was changed.';
      return notify({
        title: 'Restore Failed',
        description: `${outcome.error.message}${partial}`,
        variant: 'destructive',
        duration: RESTORE_NOTICE_MS,
      });
    }
    notify({
      title: 'Backup Restored',
      description: `${rows} ${rows === 1 ? 'row' : 'rows'} restored from the backup.`,
      duration: RESTORE_NOTICE_MS,
    });
  };

  return (
    <Card component="section" aria-labelledby="backup-title">
      <CardContent>
        <Typography id="backup-title" variant="h6" component="h3" gutterBottom>
          Data backup
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Export everything you can see — users and roles, alert contacts, the prompt catalogue, your own library and knowledge base,
          messages — as <code>{BACKUP_FILE_NAME}</code>. Provider API keys are never included.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Restoring shows what would change before anything is written; it adds back and resets rows, and never deletes.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            onClick={() => void exportAll()}
            loading={busy === 'export'}
            disabled={busy !== null && busy !== 'export'}
          >
            Export all app data
          </Button>
          <Button
            variant="outlined"
            startIcon={<RestoreIcon />}
            onClick={() => fileInput.current?.click()}
            loading={busy === 'check'}
            disabled={busy !== null && busy !== 'check'}
          >
            Restore from backup
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            aria-label="Backup file to restore"
            onChange={(e) => void check(e.target.files?.[0])}
          />
        </Stack>
      </CardContent>
      {review && (
        <RestorePlanDialog review={review} applying={busy === 'apply'} onApply={() => void apply()} onClose={() => setReview(null)} />
      )}
    </Card>
  );
}
