import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import type { FolderRow } from '@/shared/core/documents/generator.ts';
import { folderWithDescendants } from '@/shared/core/documents/generator.ts';
import { DOCUMENT_SORT_OPTIONS, type DocumentFolder, type DocumentSort } from '@/shared/core/documents/documents.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { NameDialog } from '../files/NameDialog.tsx';
import { ShareDialog } from '../files/ShareDialog.tsx';
import { DocumentFolders, type Browse } from './DocumentFolders.tsx';
import { DocumentRows } from './DocumentRows.tsx';
import { DocumentViewer } from './DocumentViewer.tsx';
import { MoveDocumentDialog } from './MoveDocumentDialog.tsx';
import type { DocumentSharesApi } from './useDocumentShares.ts';
import type { DocumentsApi } from './useDocuments.ts';
import { plural } from '@/shared/core/text.ts';

function deleteFolderQuestion(subfolders: number, docs: number): string {
  const parts = [subfolders > 0 ? plural(subfolders, 'subfolder') : '', docs > 0 ? plural(docs, 'document') : ''].filter(Boolean);
  return parts.length
    ? `Its ${parts.join(' and ')} will be deleted too. This cannot be undone.`
    : 'The folder is empty. This cannot be undone.';
}

type FolderDialog = { kind: 'new'; parent: DocumentFolder | null } | { kind: 'rename'; folder: DocumentFolder } | null;

export interface DocumentsSectionProps {
  documents: DocumentsApi;
  shares: DocumentSharesApi;
  rows: FolderRow<DocumentFolder>[];
  folderLabel: (folderId: string | null) => string;
  readOnly: boolean;
  onRename: (doc: DocumentSummary) => void;
}

/** "My documents": the folders (create, rename, delete) and the documents in the chosen sort. */
export function DocumentsSection({ documents, shares, rows, folderLabel, readOnly, onRename }: DocumentsSectionProps) {
  const list = documents.query.data;
  const [browse, setBrowse] = useState<Browse>('all');
  const [folderDialog, setFolderDialog] = useState<FolderDialog>(null);
  const [deletingFolder, setDeletingFolder] = useState<DocumentFolder | null>(null);
  const [deletingDoc, setDeletingDoc] = useState<DocumentSummary | null>(null);
  const [moving, setMoving] = useState<DocumentSummary | null>(null);
  const [viewing, setViewing] = useState<DocumentSummary | null>(null);
  const [sharing, setSharing] = useState<DocumentSummary | null>(null);

  const folders = list?.folders ?? [];
  const all = list?.documents ?? [];
  const inView = (target: Browse) => (d: DocumentSummary) =>
    target === 'all' ? true : target === 'unfiled' ? d.folderId === null : d.folderId === target;
  const shown = all.filter(inView(browse));
  const selectedFolder = folders.find((f) => f.id === browse) ?? null;
  const heading = browse === 'all' ? 'All documents' : browse === 'unfiled' ? 'No folder' : (selectedFolder?.name ?? 'Documents');
  // What deleting a folder takes along, for the question.
  const doomed = deletingFolder ? folderWithDescendants(deletingFolder.id, folders) : new Set<string>();
  const doomedDocs = all.filter((d) => d.folderId && doomed.has(d.folderId)).length;

  return (
    <Card component="section" aria-labelledby="documents-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
        >
          <Box>
            <Typography id="documents-title" variant="h6" component="h2">
              My documents
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {readOnly
                ? 'Open and download your documents.'
                : 'Every document you generate is saved here. Open, rename, move, share, download or delete them.'}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button component={RouterLink} to={ROUTES.imageGallery} variant="outlined" startIcon={<ImageIcon />}>
              {PICTURE_TEXTS.galleryLink}
            </Button>
            <TextField
              select
              size="small"
              label="Sort by"
              value={documents.sort}
              onChange={(e) => documents.setSort(e.target.value as DocumentSort)}
              sx={{ minWidth: 170 }}
            >
              {DOCUMENT_SORT_OPTIONS.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>

        <QueryState
          query={documents.query}
          loadingLabel="Loading your documents"
          loadingSx={{ display: 'grid', placeItems: 'center', py: 6 }}
          errorText={(message) => `Error fetching documents: ${message}`}
          retryColor="inherit"
        >
          {({ truncated }) => (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' }, alignItems: 'start' }}>
              <DocumentFolders
                rows={rows}
                browse={browse}
                counts={(target) => all.filter(inView(target)).length}
                readOnly={readOnly}
                onBrowse={setBrowse}
                onNewFolder={() => setFolderDialog({ kind: 'new', parent: selectedFolder })}
                onRename={(folder) => setFolderDialog({ kind: 'rename', folder })}
                onDelete={setDeletingFolder}
              />
              <Box component="section" aria-labelledby="documents-view-title" sx={{ minWidth: 0 }}>
                <Typography
                  id="documents-view-title"
                  variant="subtitle2"
                  component="h3"
                  sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}
                >
                  {heading}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({shown.length})
                  </Typography>
                </Typography>
                {shown.length === 0 ? (
                  <Box
                    sx={{ textAlign: 'center', py: 5, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}
                  >
                    <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                      {all.length === 0 ? 'No documents yet' : 'Nothing here yet'}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {all.length === 0
                        ? 'Generate your first document above: it is saved here by itself.'
                        : 'Move documents here with “Move to…”, or choose this folder under “Save documents to”.'}
                    </Typography>
                  </Box>
                ) : (
                  <DocumentRows
                    documents={shown}
                    folderLabel={folderLabel}
                    readOnly={readOnly}
                    onOpen={setViewing}
                    onRename={onRename}
                    onMove={setMoving}
                    onDelete={setDeletingDoc}
                    onShare={setSharing}
                    onDownload={documents.download}
                    shareCounts={shares.counts}
                  />
                )}
                {truncated && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                    Showing your first 1,000 documents in this order.
                  </Typography>
                )}
              </Box>
            </Box>
          )}
        </QueryState>
      </CardContent>

      <NameDialog
        open={folderDialog !== null}
        title={
          folderDialog?.kind === 'rename'
            ? 'Rename folder'
            : folderDialog?.parent
              ? `New folder in “${folderDialog.parent.name}”`
              : 'New folder'
        }
        label="Folder name"
        initial={folderDialog?.kind === 'rename' ? folderDialog.folder.name : ''}
        submitLabel={folderDialog?.kind === 'rename' ? 'Rename' : 'Create folder'}
        busy={documents.savingFolder}
        onCancel={() => setFolderDialog(null)}
        onSubmit={async (name) => {
          if (!folderDialog) return null;
          const problem =
            folderDialog.kind === 'rename'
              ? await documents.renameFolder(folderDialog.folder, name)
              : await documents.createFolder(name, folderDialog.parent?.id ?? null);
          if (!problem) setFolderDialog(null);
          return problem;
        }}
      />
      <ConfirmDialog
        open={deletingFolder !== null}
        title={`Delete folder “${deletingFolder?.name ?? ''}”?`}
        confirmLabel="Delete folder"
        onCancel={() => setDeletingFolder(null)}
        onConfirm={() => {
          const folder = deletingFolder;
          setDeletingFolder(null);
          if (folder)
            void documents.deleteFolder(folder).then((ok) => {
              if (ok && browse !== 'all' && browse !== 'unfiled' && doomed.has(browse)) setBrowse('all');
            });
        }}
      >
        {deleteFolderQuestion(doomed.size - 1, doomedDocs)}
      </ConfirmDialog>
      <ConfirmDialog
        open={deletingDoc !== null}
        title={`Delete “${deletingDoc?.name ?? ''}”?`}
        confirmLabel="Delete document"
        onCancel={() => setDeletingDoc(null)}
        onConfirm={() => {
          const doc = deletingDoc;
          setDeletingDoc(null);
          if (doc) void documents.deleteDocument(doc);
        }}
      >
        The document is deleted for good, and files in your workspaces that point to it become empty.
      </ConfirmDialog>
      {moving && (
        <MoveDocumentDialog
          doc={moving}
          rows={rows}
          busy={documents.moving}
          onClose={() => setMoving(null)}
          onMove={(folderId) => documents.moveDocument(moving, folderId, folderId ? `“${folderLabel(folderId)}”` : 'no folder')}
        />
      )}
      {sharing && !readOnly && (
        <ShareDialog
          open
          target={{ documentId: sharing.id }}
          name={sharing.name}
          onClose={() => setSharing(null)}
          onSharesChange={(list) => shares.setCount(sharing.id, list.length)}
        />
      )}
      {viewing && (
        <DocumentViewer
          doc={viewing}
          folderLabel={folderLabel(viewing.folderId)}
          onDownload={(format) => documents.download(viewing, format)}
          onClose={() => setViewing(null)}
        />
      )}
    </Card>
  );
}
