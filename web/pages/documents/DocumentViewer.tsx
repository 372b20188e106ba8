import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import { documentExport } from '../../../shared/core/documents.ts';
import { templateLabel } from '../../../shared/core/templates.ts';
import { getDocument, type DocumentSummary } from '../../../shared/data/documents.ts';
import type { ExportFormat } from '../../../shared/export/model.ts';
import { LazyMarkdown } from '../../../shared/ui/ai/LazyMarkdown.tsx';
import { supabase } from '../../lib/supabase.ts';
import { DownloadMenu } from './DownloadMenu.tsx';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; content: string };

/** A saved document read in place: its Markdown rendered safely (sanitized; reading is not a download). */
export function DocumentViewer(props: { doc: DocumentSummary; folderLabel: string; onDownload: (format: ExportFormat) => Promise<void>; onClose: () => void }) {
  const { doc } = props;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  useEffect(() => {
    let alive = true;
    setLoaded({ status: 'loading' });
    void getDocument(supabase, doc.id).then((result) => {
      if (!alive) return;
      if (result.error) setLoaded({ status: 'error', message: result.error.message });
      // The title is shown above: the text without a first heading that repeats it.
      else setLoaded(result.data ? { status: 'ready', content: documentExport(result.data).sections[0]!.markdown } : { status: 'error', message: 'The document no longer exists.' });
    });
    return () => {
      alive = false;
    };
  }, [doc.id, attempt]);

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" fullScreen={phone} scroll="paper" aria-labelledby="viewer-title">
      <DialogTitle id="viewer-title" sx={{ overflowWrap: 'anywhere' }}>
        {doc.name}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {templateLabel(doc.templateId)} · {props.folderLabel}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {loaded.status === 'loading' && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading the document" />
          </Box>
        )}
        {loaded.status === 'error' && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>Try again</Button>}>
            Error fetching document: {loaded.message}
          </Alert>
        )}
        {loaded.status === 'ready' && (
          <Box data-testid="viewer-content">
            <LazyMarkdown text={loaded.content} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <DownloadMenu name={doc.name} onDownload={props.onDownload} variant="text" />
        <Button variant="contained" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
