import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { documentExport } from '../../../shared/core/documents.ts';
import { getDocument } from '../../../shared/data/documents.ts';
import { notFound } from '../../../shared/data/result.ts';
import { LazyMarkdown } from '../../../shared/ui/ai/LazyMarkdown.tsx';
import { QueryError, unwrap } from '../../../shared/ui/query.ts';
import { queryKeys } from '../../../shared/ui/queryKeys.ts';
import { QueryState } from '../../../shared/ui/QueryState.tsx';
import { supabase } from '../../lib/supabase.ts';

/** The document's text without a first heading that repeats its title (the title is the dialog's). */
async function previewText(documentId: string): Promise<string> {
  const doc = unwrap(await getDocument(supabase, documentId));
  if (!doc) throw new QueryError(notFound('The document no longer exists.').error);
  return documentExport(doc).sections[0]!.markdown;
}

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
  const preview = useQuery({ queryKey: queryKeys.documents.detail(documentId), queryFn: () => previewText(documentId), enabled: open });
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="preview-title" scroll="paper">
      <DialogTitle id="preview-title" sx={{ overflowWrap: 'anywhere' }}>
        {props.name}
      </DialogTitle>
      <DialogContent dividers>
        <QueryState
          query={preview}
          loadingLabel="Loading the document"
          loadingSx={{ display: 'grid', placeItems: 'center', py: 6 }}
          errorText={(message) => `Error fetching document: ${message}`}
          retry={false}
        >
          {(content) => (
            <Box data-testid="preview-content">
              <LazyMarkdown text={content} />
            </Box>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {props.actions}
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
