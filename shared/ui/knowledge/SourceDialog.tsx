import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import { knowledgeQueries } from '../queries/knowledge.ts';
import type { DataClient } from '../query.ts';

/** A cited source opened: its whole document, with the cited passage marked. */
export function SourceDialog({ client, passage, onClose }: { client: DataClient; passage: KnowledgePassage | null; onClose: () => void }) {
  const documentId = passage?.documentId ?? '';
  const doc = useQuery({ ...knowledgeQueries.document(client, documentId), enabled: passage !== null });
  const text = doc.data?.content ?? '';
  const at = passage ? text.indexOf(passage.content) : -1;
  return (
    <Dialog open={passage !== null} onClose={onClose} aria-labelledby="source-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="source-dialog-title">{passage?.documentName}</DialogTitle>
      <DialogContent dividers>
        {doc.isPending && <CircularProgress aria-label="Loading the document" />}
        {doc.isError && <Alert severity="error">{doc.error.message}</Alert>}
        {doc.data && (
          <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="source-document">
            {at < 0 ? (
              text
            ) : (
              <>
                {text.slice(0, at)}
                <Box component="mark" sx={{ bgcolor: 'warning.light', color: 'text.primary' }}>
                  {passage!.content}
                </Box>
                {text.slice(at + passage!.content.length)}
              </>
            )}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
