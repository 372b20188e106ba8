import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import StopIcon from '@mui/icons-material/Stop';
import { documentTitleFrom, templateLabel } from '@/shared/core/documents/templates.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import type { ExportFormat } from '@/shared/export/model.ts';
import type { AiRun } from '@/shared/ui/ai/useAiRun.ts';
import { LazyMarkdown } from '@/shared/ui/ai/LazyMarkdown.tsx';
import { DownloadMenu } from './DownloadMenu.tsx';
import type { GenerationMeta } from './useGenerator.ts';
import type { SavedDocuments } from './useSavedDocument.ts';

export interface ResultCardProps {
  run: AiRun;
  meta: GenerationMeta;
  /** This generation's saved document (as the list has it now), or null while unsaved. */
  savedDoc: DocumentSummary | null;
  folderLabel: (folderId: string | null) => string;
  saving: SavedDocuments;
  onRename: (doc: DocumentSummary) => void;
  onDownload: (doc: DocumentSummary, format: ExportFormat) => Promise<void>;
  /** The text the user saved from the editor (follow-ups continue from it). */
  onEdited: (text: string) => void;
}

/** The document as it streams in, then saved, editable, renamed, downloaded. Keyed per generation. */
export function ResultCard({ run, meta, savedDoc, folderLabel, saving, onRename, onDownload, onEdited }: ResultCardProps) {
  const running = run.status === 'running' || (meta.counted === 'pending' && run.status === 'idle');
  // The text as last saved from the editor; the stream's text until then.
  const [edited, setEdited] = useState<string | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const text = edited ?? run.text;
  const finished = !running;
  const state = running
    ? 'Writing…'
    : savedDoc
      ? 'Saved'
      : run.status === 'stopped'
        ? 'Stopped'
        : run.error || meta.problem
          ? 'Failed'
          : 'Not saved';

  const saveDraft = async () => {
    if (draft === null) return;
    const ok = savedDoc
      ? await saving.saveChanges(draft)
      : (await saving.saveNew({ id: meta.id, content: draft, name: documentTitleFrom(draft, meta.templateId) })) !== null;
    if (ok) {
      setEdited(draft);
      onEdited(draft);
      setDraft(null);
    }
  };
  const saveAsIs = () => void saving.saveNew({ id: meta.id, content: text, name: documentTitleFrom(text, meta.templateId) });

  return (
    <Card component="section" aria-labelledby="result-title" aria-busy={running}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id="result-title" variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
            Your {templateLabel(meta.templateId).toLowerCase()}
          </Typography>
          <Chip
            size="small"
            label={state}
            color={savedDoc ? 'success' : state === 'Failed' ? 'error' : 'default'}
            data-testid="result-state"
          />
          {run.status === 'running' && (
            <Button size="small" color="error" variant="outlined" startIcon={<StopIcon fontSize="small" />} onClick={run.stop}>
              Stop
            </Button>
          )}
        </Stack>
        {running && <LinearProgress sx={{ mb: 2 }} aria-label="The AI is writing your document" />}

        {run.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            <AlertTitle>{run.error.title}</AlertTitle>
            {run.error.message}
          </Alert>
        )}
        {meta.problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            <AlertTitle>Generation Failed</AlertTitle>
            {meta.problem}
          </Alert>
        )}
        {meta.counted === 'refunded' && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="not-counted">
            {run.status === 'stopped' ? 'Stopped before the end' : 'This generation did not finish'}, so it was not counted: your monthly
            generations are unchanged.
          </Alert>
        )}

        {draft !== null ? (
          <TextField
            label="Document text (Markdown)"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            multiline
            minRows={10}
            maxRows={30}
            fullWidth
            slotProps={{ htmlInput: { spellCheck: true } }}
          />
        ) : text ? (
          // Scrolls on its own on wide screens: focusable, so the keyboard can scroll it too.
          <Box
            data-testid="generated-document"
            role="region"
            aria-label="Generated document"
            tabIndex={0}
            sx={{ maxHeight: { md: 640 }, overflowY: 'auto', pr: 1, borderRadius: 1 }}
          >
            <LazyMarkdown text={text} />
          </Box>
        ) : (
          running && (
            <Typography variant="body2" color="text.secondary">
              Waiting for the first words…
            </Typography>
          )
        )}

        {finished && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1 }}
          >
            {draft !== null ? (
              <>
                <Button variant="contained" startIcon={<SaveIcon />} disabled={saving.busy} onClick={() => void saveDraft()}>
                  {savedDoc ? 'Save changes' : 'Save document'}
                </Button>
                <Button onClick={() => setDraft(null)}>Cancel</Button>
              </>
            ) : (
              <>
                {!savedDoc && text.trim() !== '' && (
                  <Button variant="contained" startIcon={<SaveIcon />} disabled={saving.busy} onClick={saveAsIs}>
                    Save document
                  </Button>
                )}
                {text.trim() !== '' && (
                  <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDraft(text)}>
                    Edit text
                  </Button>
                )}
                {savedDoc && (
                  <>
                    <Button variant="outlined" onClick={() => onRename(savedDoc)}>
                      Rename
                    </Button>
                    <DownloadMenu name={savedDoc.name} onDownload={(format) => onDownload(savedDoc, format)} />
                  </>
                )}
              </>
            )}
          </Stack>
        )}
        {savedDoc && draft === null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="saved-as">
            Saved as “{savedDoc.name}” in {folderLabel(savedDoc.folderId)}.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
