import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { LazyMarkdown } from '@/shared/ui/ai/LazyMarkdown.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { useDocumentText } from '../documents/useDocumentText.ts';

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
export function DocumentPreviewDialog(props: {
  documentId: string;
  name: string;
  open: boolean;
  onClose: () => void;
  actions?: React.ReactNode;
}) {
  const { documentId, open } = props;
  const preview = useDocumentText(documentId, open);
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
