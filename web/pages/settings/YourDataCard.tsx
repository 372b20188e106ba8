import { useState } from 'react';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { exportArchiveName } from '@/shared/core/account/manifest.ts';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { fetchAccountExport } from '@/shared/data/account.ts';
import { downloadChatImage } from '@/shared/data/conversationImages.ts';
import { downloadPicture } from '@/shared/data/generatedImages.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { DELETE_AFTER_REAUTH_KEY, DeleteAccountDialog } from './DeleteAccountDialog.tsx';

/** True once when the page comes back from signing in with Google again to delete the account. */
function backFromReauth(): boolean {
  const back = window.sessionStorage.getItem(DELETE_AFTER_REAUTH_KEY) !== null;
  window.sessionStorage.removeItem(DELETE_AFTER_REAUTH_KEY);
  return back;
}

/** Settings → Your data: the export zip and the account deletion. */
export function YourDataCard() {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(backFromReauth);

  const exportData = async () => {
    setExporting(true);
    setExportError(null);
    const result = await fetchAccountExport(supabase);
    if (result.error) {
      setExporting(false);
      setExportError(result.error.message);
      return;
    }
    try {
      // The zip code (JSZip, the DOCX writer) is loaded only now.
      const { buildAccountArchive } = await import('@/shared/export/accountArchive.ts');
      const fileName = exportArchiveName(new Date());
      const files = {
        picture: async (path: string) => (await downloadPicture(supabase, path)).data,
        chatImage: async (path: string) => (await downloadChatImage(supabase, path)).data,
      };
      downloadFile(await buildAccountArchive(result.data, files), fileName, 'application/zip');
      notify({ title: ACCOUNT_TEXTS.exported(fileName) });
    } catch {
      setExportError(ACCOUNT_TEXTS.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-data-title">
      <CardContent>
        <Typography id="settings-data-title" variant="h6" component="h2" gutterBottom>
          {ACCOUNT_TEXTS.cardTitle}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {ACCOUNT_TEXTS.cardIntro}
        </Typography>
        <Stack spacing={2} sx={{ mt: 2 }}>
          <div>
            <Button
              variant="outlined"
              onClick={() => void exportData()}
              disabled={exporting}
              startIcon={exporting ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
            >
              {exporting ? ACCOUNT_TEXTS.exporting : ACCOUNT_TEXTS.exportButton}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {ACCOUNT_TEXTS.exportHelp}
            </Typography>
            {exportError && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {exportError}
              </Alert>
            )}
          </div>
          <div>
            <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setDeleting(true)}>
              {ACCOUNT_TEXTS.deleteButton}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {ACCOUNT_TEXTS.deleteHelp}
            </Typography>
          </div>
        </Stack>
      </CardContent>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </Card>
  );
}
