import { useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { ANALYSIS_TEXTS } from '@/shared/core/analysis/texts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { UPLOAD_ACCEPT } from '@/shared/files/extractText.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import type { DocumentChoice, DocumentSource } from './useDocumentChoice.ts';

const T = ANALYSIS_TEXTS;

/** A list's empty or failed state: a line of text and, when empty, where to add some. */
function ListState(props: { error: unknown; empty: boolean; what: string; emptyText: string; link: { to: string; text: string } }) {
  const { error, empty, what, emptyText, link } = props;
  if (error)
    return (
      <Alert severity="error" role="alert">
        {T.listError(what)}: {errorMessage(error)}
      </Alert>
    );
  if (!empty) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {emptyText}{' '}
      <Link component={RouterLink} to={link.to}>
        {link.text}
      </Link>
      .
    </Typography>
  );
}

/** The three places a document can come from, as tabs: an upload, the knowledge base, the generated documents. */
export function DocumentChooser({ choice, disabled, onChange }: { choice: DocumentChoice; disabled: boolean; onChange: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { source, knowledge, documents } = choice;
  return (
    <Stack spacing={2}>
      <Tabs
        value={source}
        onChange={(_e, value: DocumentSource) => {
          onChange();
          choice.setSource(value);
        }}
        aria-label={T.sourceLabel}
        variant="fullWidth"
      >
        <Tab label={T.upload} value="file" id="analysis-tab-file" aria-controls="analysis-panel" />
        <Tab label={T.knowledgeBase} value="knowledge" id="analysis-tab-knowledge" aria-controls="analysis-panel" />
        <Tab label={T.myDocuments} value="documents" id="analysis-tab-documents" aria-controls="analysis-panel" />
      </Tabs>
      <Box role="tabpanel" id="analysis-panel" aria-labelledby={`analysis-tab-${source}`}>
        {source === 'file' && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <input
              ref={fileInput}
              type="file"
              accept={UPLOAD_ACCEPT}
              hidden
              aria-label={T.fileLabel}
              onChange={(e) => {
                onChange();
                void choice.chooseFile(e.target.files?.[0]);
                // The same file can be chosen again (after a failed read, say).
                e.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadIcon />}
              onClick={() => fileInput.current?.click()}
              loading={choice.reading}
              disabled={disabled}
            >
              {choice.file ? T.chooseAnotherFile : T.chooseFile}
            </Button>
            <Typography variant="body2" color="text.secondary" role="status">
              {choice.reading ? T.reading : choice.file ? T.fileRead(choice.file.name, choice.file.text.length) : T.fileHint}
            </Typography>
            {choice.fileProblem && (
              <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
                {choice.fileProblem}
              </Alert>
            )}
          </Stack>
        )}
        {source === 'knowledge' && (
          <Stack spacing={1.5}>
            <TextField
              select
              label={T.kbDocument}
              value={knowledge.data?.documents.some((d) => d.id === choice.kbId) ? choice.kbId : ''}
              onChange={(e) => {
                onChange();
                choice.setKbId(e.target.value);
              }}
              disabled={disabled || !knowledge.data?.documents.length}
              helperText={knowledge.isPending ? T.loadingList : ' '}
              fullWidth
            >
              {(knowledge.data?.documents ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name}
                </MenuItem>
              ))}
            </TextField>
            <ListState
              error={knowledge.error}
              empty={knowledge.data?.documents.length === 0}
              what="knowledge-base documents"
              emptyText={T.kbEmpty}
              link={{ to: ROUTES.knowledgeBase, text: T.kbEmptyLink }}
            />
          </Stack>
        )}
        {source === 'documents' && (
          <Stack spacing={1.5}>
            <TextField
              select
              label={T.generatedDocument}
              value={documents.data?.some((d) => d.id === choice.documentId) ? choice.documentId : ''}
              onChange={(e) => {
                onChange();
                choice.setDocumentId(e.target.value);
              }}
              disabled={disabled || !documents.data?.length}
              helperText={documents.isPending || (choice.documentId && choice.documentText.isPending) ? T.loadingList : ' '}
              fullWidth
            >
              {(documents.data ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name}
                </MenuItem>
              ))}
            </TextField>
            <ListState
              error={documents.error ?? choice.documentText.error}
              empty={documents.data?.length === 0}
              what="documents"
              emptyText={T.documentsEmpty}
              link={{ to: ROUTES.documentGenerator, text: T.documentsEmptyLink }}
            />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
