import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import { templateLabel } from '@/shared/core/documents/templates.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import type { ExportFormat } from '@/shared/export/model.ts';
import { LazyMarkdown } from '@/shared/ui/ai/LazyMarkdown.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { DownloadMenu } from './DownloadMenu.tsx';
import { useDocumentText } from './useDocumentText.ts';

/** A saved document read in place: its Markdown rendered safely (sanitized; reading is not a download). */
export function DocumentViewer(props: {
  doc: DocumentSummary;
  folderLabel: string;
  onDownload: (format: ExportFormat) => Promise<void>;
  onClose: () => void;
}) {
  const { doc } = props;
  const loaded = useDocumentText(doc.id);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" fullScreen={phone} scroll="paper" aria-labelledby="viewer-title">
      <DialogTitle id="viewer-title" sx={{ overflowWrap: 'anywhere' }}>
        {doc.name}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {templateLabel(doc.templateId)} · {props.folderLabel}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <QueryState
          query={loaded}
          loadingLabel="Loading the document"
          loadingSx={{ display: 'grid', placeItems: 'center', py: 6 }}
          errorText={(message) => `Error fetching document: ${message}`}
          retryColor="inherit"
          retrySize="small"
        >
          {(content) => (
            <Box data-testid="viewer-content">
              <LazyMarkdown text={content} />
            </Box>
          )}
        </QueryState>
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
