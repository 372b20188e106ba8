import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import TextIcon from '@mui/icons-material/NotesOutlined';
import { KNOWLEDGE_FILE_TEXTS } from '@/shared/core/knowledge/files.ts';
import type { KbDocument, KbFolder } from '@/shared/data/knowledge.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';

const TYPE_LOOK = {
  text: { label: 'Text', icon: TextIcon },
  url: { label: 'Web page', icon: LinkIcon },
  file: { label: 'File', icon: FileIcon },
} as const;

/** A file's size as people read it (1.2 MB, 850 KB). */
function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The documents of the browsed folder: preview, open in full, download an uploaded original, delete (confirmed). */
export function DocumentList({
  documents,
  folders,
  onDelete,
  onDownload,
}: {
  documents: KbDocument[];
  folders: KbFolder[];
  onDelete: (doc: KbDocument) => Promise<void>;
  /** Saves an uploaded document's original file. */
  onDownload?: (doc: KbDocument) => Promise<void>;
}) {
  const [open, setOpen] = useState<KbDocument | null>(null);
  const [confirm, setConfirm] = useState<KbDocument | null>(null);
  const folderName = (id: string | null) => (id ? folders.find((f) => f.id === id)?.name : null) ?? 'Uncategorized';

  if (documents.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          No documents here yet
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Add brand notes, product facts, a sales page or a PDF above: the AI will use them as context.
        </Typography>
      </Box>
    );
  }

  return (
    <>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Documents">
        {documents.map((doc) => {
          const look = TYPE_LOOK[doc.type];
          const Icon = look.icon;
          return (
            <Card component="li" key={doc.id}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
                <Icon color="action" sx={{ mt: 0.5 }} aria-hidden />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                      {doc.name}
                    </Typography>
                    <Chip size="small" label={look.label} />
                    <Chip size="small" variant="outlined" label={folderName(doc.folderId)} />
                  </Stack>
                  {doc.type === 'url' && doc.source && (
                    <Link href={doc.source} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ wordBreak: 'break-all' }}>
                      {doc.source}
                    </Link>
                  )}
                  {doc.type === 'file' && doc.source && (
                    <Typography variant="body2" color="text.secondary">
                      {doc.source}
                      {doc.file && ` · ${fileSize(doc.file.size)}`}
                    </Typography>
                  )}
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    {doc.content}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                    <Button size="small" onClick={() => setOpen(doc)} sx={{ ml: -1 }}>
                      Read all
                      <Box component="span" sx={visuallyHidden}>
                        {` of ${doc.name}`}
                      </Box>
                    </Button>
                    {doc.file && onDownload && (
                      <Button size="small" startIcon={<DownloadIcon />} onClick={() => void onDownload(doc)}>
                        {KNOWLEDGE_FILE_TEXTS.download}
                        <Box component="span" sx={visuallyHidden}>
                          {` of ${doc.name}`}
                        </Box>
                      </Button>
                    )}
                    <Typography variant="caption" color="text.secondary">
                      {doc.content.length.toLocaleString('en-US')} characters
                    </Typography>
                  </Stack>
                </Box>
                <Tooltip title="Delete">
                  <IconButton aria-label={`Delete ${doc.name}`} onClick={() => setConfirm(doc)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </CardContent>
            </Card>
          );
        })}
      </Stack>

      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="md" scroll="paper" aria-labelledby="kb-read-title">
        <DialogTitle id="kb-read-title">{open?.name}</DialogTitle>
        <DialogContent dividers>
          <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {open?.content}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Close</Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={confirm !== null}
        title="Delete this document?"
        confirmLabel="Delete"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const doc = confirm;
          setConfirm(null);
          if (doc) void onDelete(doc);
        }}
      >
        "{confirm?.name}" will be removed from your knowledge base.
      </ConfirmDialog>
    </>
  );
}
