import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, TextField, Typography } from '@mui/material';
import { LIBRARY_TEXTS, parseImportLines } from '@/shared/core/promptLibrary/library.ts';
import type { ImportReport } from '@/shared/core/promptLibrary/import.ts';
import { ImportReportView } from './ImportReportView.tsx';
import { errorMessage } from '@/shared/core/text.ts';

export interface ImportDialogProps {
  open: boolean;
  /** Where the prompts go: the open folder's name. */
  folderName: string;
  /** Imports one prompt per line; answers the message to show, or null when done. */
  onImportLines: (text: string) => Promise<string | null>;
  /** Imports an exported library file; answers the report, or the message to show. */
  onImportFile: (text: string) => Promise<{ report: ImportReport } | { problem: string }>;
  /** While an import mutation runs. */
  importing: boolean;
  onClose: () => void;
}

type Mode = 'lines' | 'file';

/**
 * Import prompts (paste one prompt per line, Import), and also: a whole library
 * file (JSON or CSV, as exported here) with a report of what was added and each row skipped, and why.
 */
export function ImportDialog(props: ImportDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="import-dialog-title">
      {props.open && <ImportForm {...props} />}
    </Dialog>
  );
}

function ImportForm({ folderName, onImportLines, onImportFile, importing, onClose }: ImportDialogProps) {
  const [mode, setMode] = useState<Mode>('lines');
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const parsed = text ? parseImportLines(text, null) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'lines') {
      const failure = await onImportLines(text);
      if (failure) return setProblem(failure);
      return onClose();
    }
    if (!file) return setProblem('Choose a JSON or CSV file exported from your library.');
    const result = await onImportFile(file.text);
    if ('problem' in result) return setProblem(result.problem);
    setReport(result.report);
  };

  const readFile = async (chosen: File | undefined) => {
    setProblem(null);
    setReport(null);
    if (!chosen) return setFile(null);
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
    } catch (error) {
      setFile(null);
      setProblem(`Could not read ${chosen.name}: ${errorMessage(error)}`);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <DialogTitle id="import-dialog-title">Import prompts</DialogTitle>
      <Tabs
        value={mode}
        onChange={(_e, next: Mode) => {
          setMode(next);
          setProblem(null);
        }}
        aria-label="What to import"
        sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="lines" label="Paste prompts" id="import-tab-lines" aria-controls="import-panel-lines" />
        <Tab value="file" label="Library file" id="import-tab-file" aria-controls="import-panel-file" />
      </Tabs>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Into <strong>{folderName}</strong>.
        </Typography>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        {mode === 'lines' ? (
          <Box role="tabpanel" id="import-panel-lines" aria-labelledby="import-tab-lines" sx={{ display: 'grid', gap: 1 }}>
            <TextField
              autoFocus
              label="Prompts, one per line"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setProblem(null);
              }}
              multiline
              minRows={6}
              maxRows={16}
              helperText={
                parsed?.ok
                  ? `${parsed.value.rows.length} ${parsed.value.rows.length === 1 ? 'prompt' : 'prompts'} to add. Each line becomes a prompt named after its first 50 characters.`
                  : 'Each non-blank line becomes a prompt named after its first 50 characters.'
              }
            />
          </Box>
        ) : (
          <Box role="tabpanel" id="import-panel-file" aria-labelledby="import-tab-file" sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2">
              A JSON or CSV file exported from a prompt library (Export), or any CSV with the columns <code>name</code> and{' '}
              <code>prompt_text</code>. Folders that already exist here are merged; prompts already in them are skipped.
            </Typography>
            <Box>
              <Button component="label" variant="outlined">
                Choose file
                <input
                  type="file"
                  hidden
                  accept=".json,.csv,application/json,text/csv"
                  aria-label="Library file"
                  onChange={(e) => void readFile(e.target.files?.[0])}
                />
              </Button>
              <Typography variant="body2" component="span" sx={{ ml: 1.5 }}>
                {file ? file.name : 'No file chosen'}
              </Typography>
            </Box>
            {report && <ImportReportView report={report} />}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{report ? 'Close' : 'Cancel'}</Button>
        {!report && (
          <Button type="submit" variant="contained" disabled={importing}>
            {LIBRARY_TEXTS.import}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
