import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { documentExport } from '../../../shared/core/documents.ts';
import { getDocument } from '../../../shared/data/documents.ts';
import { LazyMarkdown } from '../../../shared/ui/ai/LazyMarkdown.tsx';
import { supabase } from '../../lib/supabase.ts';

type Preview = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; content: string };

/** "Preview": a file's document read in place (sanitized Markdown; not counted as a download). */
export function DocumentPreview({ documentId, name }: { documentId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
        Preview
      </Button>
      <DocumentPreviewDialog documentId={documentId} name={name} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** A document read in a dialog while `open`; `actions` go next to Close (e.g. its download). */
export function DocumentPreviewDialog(props: { documentId: string; name: string; open: boolean; onClose: () => void; actions?: React.ReactNode }) {
  const { documentId, open } = props;
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setPreview({ status: 'loading' });
    void getDocument(supabase, documentId).then((result) => {
      if (!alive) return;
      if (result.error) setPreview({ status: 'error', message: result.error.message });
      // The title is the dialog's: the text without a first heading that repeats it.
      else setPreview(result.data ? { status: 'ready', content: documentExport(result.data).sections[0]!.markdown } : { status: 'error', message: 'The document no longer exists.' });
    });
    return () => {
      alive = false;
    };
  }, [documentId, open]);

  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="preview-title" scroll="paper">
      <DialogTitle id="preview-title" sx={{ overflowWrap: 'anywhere' }}>
        {props.name}
      </DialogTitle>
      <DialogContent dividers>
        {preview.status === 'loading' && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading the document" />
          </Box>
        )}
        {preview.status === 'error' && <Alert severity="error">Error fetching document: {preview.message}</Alert>}
        {preview.status === 'ready' && (
          <Box data-testid="preview-content">
            <LazyMarkdown text={preview.content} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {props.actions}
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
