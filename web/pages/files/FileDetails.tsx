import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import {
  DEFAULT_FILE_MAX_DOWNLOADS,
  DOCUMENT_TEXTS,
  downloadCountLabel,
  isDownloadLimitReached,
  MAX_DOWNLOADS_RANGE,
} from '@/shared/core/documents/documents.ts';
import { templateLabel } from '@/shared/core/documents/templates.ts';
import { countByType, type WorkspaceNode } from '@/shared/core/workspaces/tree.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from '@/shared/export/model.ts';
import type { NodeAction } from './WorkspaceTree.tsx';
import { DocumentPreview } from './DocumentPreview.tsx';
import { fieldProblem } from './fieldProblem.ts';

export interface FileDetailsProps {
  node: WorkspaceNode | null;
  /** The document the selected file points at (undefined while loading or when it is gone). */
  doc: DocumentSummary | undefined;
  readOnly: boolean;
  /** Whether the reader owns the document (may set its download limit). */
  ownsDocument: boolean;
  onAction: (action: NodeAction | 'attach', node: WorkspaceNode) => void;
  onDownload: (doc: DocumentSummary, format: ExportFormat) => Promise<void>;
  /** While `onDownload`'s counted download runs. */
  downloading: boolean;
  onSetLimit: (doc: DocumentSummary, maxDownloads: number | null) => Promise<string | null>;
}

/** The selected folder or file: what it holds, its document, downloads and their limit. */
export function FileDetails(props: FileDetailsProps) {
  const { node } = props;
  return (
    <Card component="section" aria-labelledby="details-title">
      <CardContent>
        <Typography id="details-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1, wordBreak: 'break-word' }}>
          {node ? node.name : 'Details'}
        </Typography>
        {!node && (
          <Typography variant="body2" color="text.secondary">
            Select a folder or a file to see its details{props.readOnly ? ' and download it.' : ', download it, rename, move or delete it.'}
          </Typography>
        )}
        {node?.type === 'folder' && <FolderDetails {...props} node={node} />}
        {node?.type === 'file' && <FileBody {...props} node={node} />}
      </CardContent>
    </Card>
  );
}

function ActionRow({ node, readOnly, onAction }: Pick<FileDetailsProps, 'readOnly' | 'onAction'> & { node: WorkspaceNode }) {
  if (readOnly) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
      <Button size="small" variant="outlined" onClick={() => onAction('rename', node)}>
        Rename
      </Button>
      <Button size="small" variant="outlined" onClick={() => onAction('move', node)}>
        Move to…
      </Button>
      <Button size="small" variant="outlined" color="error" onClick={() => onAction('delete', node)}>
        Delete
      </Button>
    </Stack>
  );
}

function FolderDetails({ node, ...props }: FileDetailsProps & { node: Extract<WorkspaceNode, { type: 'folder' }> }) {
  const { folders, files } = countByType(node.children);
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Folder ·{' '}
        {folders === 0 && files === 0
          ? 'empty'
          : `${files} file${files === 1 ? '' : 's'} and ${folders} folder${folders === 1 ? '' : 's'} inside`}
      </Typography>
      {!props.readOnly && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          New folders and files are created inside the selected folder.
        </Typography>
      )}
      <ActionRow node={node} readOnly={props.readOnly} onAction={props.onAction} />
    </>
  );
}

function FileBody({
  node,
  doc,
  readOnly,
  ownsDocument,
  onAction,
  onDownload,
  downloading,
  onSetLimit,
}: FileDetailsProps & { node: Extract<WorkspaceNode, { type: 'file' }> }) {
  const [format, setFormat] = useState<ExportFormat>('docx');
  const reached = doc ? isDownloadLimitReached(doc) : false;

  return (
    <>
      {!node.docId && (
        <Alert severity="info" sx={{ mb: 1 }} action={!readOnly && <Button onClick={() => onAction('attach', node)}>Attach</Button>}>
          No document is attached to this file yet.
        </Alert>
      )}
      {node.docId && !doc && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={!readOnly && <Button onClick={() => onAction('attach', node)}>Attach another</Button>}
        >
          The document of this file no longer exists.
        </Alert>
      )}
      {doc && (
        <>
          <Typography variant="body2" color="text.secondary">
            Document: <strong>{doc.name}</strong>
            {doc.templateId ? ` · ${templateLabel(doc.templateId)}` : ''}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="download-counter">
            Downloads: <strong>{downloadCountLabel(doc)}</strong>
          </Typography>
          <DocumentPreview documentId={doc.id} name={doc.name} />
          <Divider sx={{ my: 2 }} />
          {reached ? (
            <Alert severity="warning" role="status">
              {DOCUMENT_TEXTS.downloadLimitReached}
            </Alert>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label="Format"
                value={format}
                onChange={(e) => setFormat(e.target.value as ExportFormat)}
                sx={{ minWidth: 150 }}
              >
                {EXPORT_FORMATS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {EXPORT_FORMAT_LABELS[f]}
                  </MenuItem>
                ))}
              </TextField>
              <Button variant="contained" startIcon={<DownloadIcon />} disabled={downloading} onClick={() => void onDownload(doc, format)}>
                Download
              </Button>
            </Stack>
          )}
          {ownsDocument && !readOnly && <LimitForm doc={doc} onSetLimit={onSetLimit} />}
        </>
      )}
      {!readOnly && node.docId && doc && (
        <Button size="small" sx={{ mt: 1.5 }} onClick={() => onAction('attach', node)}>
          Change document
        </Button>
      )}
      <ActionRow node={node} readOnly={readOnly} onAction={onAction} />
    </>
  );
}

/** The owner's download limit: unlimited (∞) or 1-100, suggested 5 per file. */
function LimitForm({ doc, onSetLimit }: { doc: DocumentSummary; onSetLimit: FileDetailsProps['onSetLimit'] }) {
  const [limited, setLimited] = useState(doc.maxDownloads !== null);
  const [value, setValue] = useState(String(doc.maxDownloads ?? DEFAULT_FILE_MAX_DOWNLOADS));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setLimited(doc.maxDownloads !== null);
    setValue(String(doc.maxDownloads ?? DEFAULT_FILE_MAX_DOWNLOADS));
  }, [doc.id, doc.maxDownloads]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(await onSetLimit(doc, limited ? Number(value) : null));
  };

  return (
    <Box component="form" aria-label="Download limit" noValidate onSubmit={(e) => void submit(e)} sx={{ mt: 2 }}>
      <FormControlLabel control={<Switch checked={limited} onChange={(e) => setLimited(e.target.checked)} />} label="Limit downloads" />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 1 }}>
        {limited ? (
          <TextField
            size="small"
            type="number"
            label="Maximum downloads"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            {...fieldProblem(problem, `${MAX_DOWNLOADS_RANGE.min}-${MAX_DOWNLOADS_RANGE.max}`, {
              min: MAX_DOWNLOADS_RANGE.min,
              max: MAX_DOWNLOADS_RANGE.max,
              step: 1,
            })}
            sx={{ width: 180 }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', minWidth: 120 }}>
            Unlimited (∞)
          </Typography>
        )}
        <Button
          type="submit"
          variant="outlined"
          disabled={limited === (doc.maxDownloads !== null) && (!limited || Number(value) === doc.maxDownloads)}
        >
          Save limit
        </Button>
      </Stack>
    </Box>
  );
}
