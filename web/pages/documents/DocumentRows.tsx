import { Box, ButtonBase, List, ListItem, Stack, Typography } from '@mui/material';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import { downloadCountLabel } from '@/shared/core/documents/documents.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import { templateLabel } from '@/shared/core/documents/templates.ts';
import type { ExportFormat } from '@/shared/export/model.ts';
import { DownloadMenu } from './DownloadMenu.tsx';
import { RowMenu } from './RowMenu.tsx';

export interface DocumentRowsProps {
  documents: DocumentSummary[];
  folderLabel: (folderId: string | null) => string;
  readOnly: boolean;
  onOpen: (doc: DocumentSummary) => void;
  onRename: (doc: DocumentSummary) => void;
  onMove: (doc: DocumentSummary) => void;
  onDelete: (doc: DocumentSummary) => void;
  onShare: (doc: DocumentSummary) => void;
  onDownload: (doc: DocumentSummary, format: ExportFormat) => Promise<void>;
  /** How many addresses each document is shared with (absent: none). */
  shareCounts: ReadonlyMap<string, number>;
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The row's facts: template, folder, date, downloads as the file manager shows them (n / max, ∞ unlimited), sharing. */
function detailsLine(doc: DocumentSummary, folder: string, shares: number): string {
  const parts = [templateLabel(doc.templateId), folder, dateOf(doc.createdAt), `Downloads: ${downloadCountLabel(doc)}`];
  if (shares > 0) parts.push(`Shared with ${shares} ${shares === 1 ? 'person' : 'people'}`);
  return parts.join(' · ');
}

/** One line per document: open by its name, download, and the row's menu. */
export function DocumentRows(props: DocumentRowsProps) {
  return (
    <List aria-label="Documents" disablePadding sx={{ display: 'grid', gap: 1 }}>
      {props.documents.map((doc) => (
        <ListItem
          key={doc.id}
          data-document-id={doc.id}
          disablePadding
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1, gap: 1, alignItems: 'center' }}
        >
          <ArticleIcon color="primary" fontSize="small" aria-hidden sx={{ flexShrink: 0 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ButtonBase
              onClick={() => props.onOpen(doc)}
              aria-label={`Open ${doc.name}`}
              sx={{
                display: 'block',
                textAlign: 'left',
                borderRadius: 1,
                maxWidth: '100%',
                '&:hover .doc-name': { textDecoration: 'underline' },
              }}
            >
              <Typography
                className="doc-name"
                variant="body1"
                component="span"
                sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}
              >
                {doc.name}
              </Typography>
            </ButtonBase>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {detailsLine(doc, props.folderLabel(doc.folderId), props.shareCounts.get(doc.id) ?? 0)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            <DownloadMenu compact name={doc.name} onDownload={(format) => props.onDownload(doc, format)} />
            <RowMenu
              name={doc.name}
              actions={[
                { label: 'Open', onClick: () => props.onOpen(doc) },
                ...(props.readOnly
                  ? []
                  : [
                      { label: 'Rename', onClick: () => props.onRename(doc) },
                      { label: 'Move to…', onClick: () => props.onMove(doc) },
                      { label: 'Share…', onClick: () => props.onShare(doc) },
                      { label: 'Delete', onClick: () => props.onDelete(doc), danger: true },
                    ]),
              ]}
            />
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
