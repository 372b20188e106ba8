import { useState } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { getDocument } from '../../../shared/data/documents.ts';
import { supabase } from '../../lib/supabase.ts';

type Preview = { status: 'closed' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; content: string };

/** "Preview": a file's document read in place (sanitized Markdown; not counted as a download). */
export function DocumentPreview({ documentId, name }: { documentId: string; name: string }) {
  const [preview, setPreview] = useState<Preview>({ status: 'closed' });
  const open = async () => {
    setPreview({ status: 'loading' });
    const result = await getDocument(supabase, documentId);
    if (result.error) return setPreview({ status: 'error', message: result.error.message });
    setPreview(result.data ? { status: 'ready', content: result.data.content } : { status: 'error', message: 'The document no longer exists.' });
  };
  return (
    <>
      <Button size="small" sx={{ mt: 1 }} onClick={() => void open()}>
        Preview
      </Button>
      <Dialog open={preview.status !== 'closed'} onClose={() => setPreview({ status: 'closed' })} fullWidth maxWidth="md" aria-labelledby="preview-title" scroll="paper">
        <DialogTitle id="preview-title">{name}</DialogTitle>
        <DialogContent dividers>
          {preview.status === 'loading' && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading the document" />
            </Box>
          )}
          {preview.status === 'error' && <Alert severity="error">Error fetching document: {preview.message}</Alert>}
          {preview.status === 'ready' && (
            <Box sx={{ typography: 'body1', '& h1, & h2, & h3': { lineHeight: 1.25 }, '& pre': { overflowX: 'auto' }, wordBreak: 'break-word' }}>
              <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
                {preview.content}
              </ReactMarkdown>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview({ status: 'closed' })}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
