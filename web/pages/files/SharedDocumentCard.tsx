import { useState } from 'react';
import { Alert, Button, Card, CardActions, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { DOCUMENT_TEXTS, downloadCountLabel, isDownloadLimitReached } from '@/shared/core/documents/documents.ts';
import { templateLabel } from '@/shared/core/documents/templates.ts';
import type { ExportFormat } from '@/shared/export/model.ts';
import type { SharedDocument } from '@/web/queries/workspaces.ts';
import { DownloadMenu } from '../documents/DownloadMenu.tsx';
import { DocumentPreviewDialog } from './DocumentPreview.tsx';

/**
 * A document someone shared with the user, read-only: open it, download it while the owner's limit
 * allows (counted), or remove it from the list. Nothing here changes the document.
 */
export function SharedDocumentCard({
  entry,
  onDownload,
  onLeave,
}: {
  entry: SharedDocument;
  onDownload: (entry: SharedDocument, format: ExportFormat) => Promise<void>;
  onLeave: (entry: SharedDocument) => Promise<void>;
}) {
  const doc = entry.item;
  const [open, setOpen] = useState(false);
  const reached = isDownloadLimitReached(doc);
  const download = reached ? null : (
    <DownloadMenu name={doc.name} size="small" onDownload={(format: ExportFormat) => onDownload(entry, format)} />
  );

  return (
    <Card component="li" data-shared-document={doc.id} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <ArticleIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <div style={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
              {doc.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Document · {templateLabel(doc.templateId)}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="shared-download-counter">
              Downloads: {downloadCountLabel(doc)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" label="Read-only" />
              {entry.ownerEmail && (
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  Shared by {entry.ownerEmail}
                </Typography>
              )}
            </Stack>
          </div>
        </Stack>
        {reached && (
          <Alert severity="warning" role="status" sx={{ mt: 1.5 }}>
            {DOCUMENT_TEXTS.downloadLimitReached}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" aria-label={`Open ${doc.name}`} onClick={() => setOpen(true)}>
            Open
          </Button>
          {download}
        </Stack>
        <Tooltip title="Remove from my list">
          <IconButton aria-label={`Remove ${doc.name} from my list`} onClick={() => void onLeave(entry)}>
            <RemoveIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CardActions>
      <DocumentPreviewDialog documentId={doc.id} name={doc.name} open={open} onClose={() => setOpen(false)} actions={download} />
    </Card>
  );
}
