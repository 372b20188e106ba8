import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { KB_TEXTS, kbDocumentProblem, type KbDocumentType, type KbFolder, type NewKbDocument } from '@/shared/data/knowledge.ts';
import { extractText, UPLOAD_ACCEPT } from '@/shared/files/extractText.ts';
import { supabase } from '@/web/lib/supabase.ts';

type Tab = KbDocumentType;

/** Asks the fetch-url function for a page's readable text. */
async function fetchPage(url: string): Promise<{ title: string; text: string; url: string } | { error: string }> {
  const { data, error } = await supabase.functions.invoke<{ title: string; text: string; url: string }>('fetch-url', { body: { url } });
  if (!error && data) return data;
  const context = (error as { context?: Response } | null)?.context;
  const body = (await context?.json().catch(() => null)) as { error?: string } | null;
  return { error: body?.error ?? 'The page could not be read. Check the address and try again.' };
}

/** Add a document: typed text, a web page's text (read on the server), or an uploaded file's text. */
export function AddDocumentCard({
  folders,
  defaultFolderId,
  onAdd,
}: {
  folders: KbFolder[];
  defaultFolderId: string | null;
  /** Saves the document (with the uploaded file's original, if any); answers the problem to show, or null. */
  onAdd: (doc: NewKbDocument, original: File | null) => Promise<string | null>;
}) {
  const [tab, setTab] = useState<Tab>('text');
  const [name, setName] = useState('');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<File | null>(null);
  const fileName = chosen?.name ?? null;
  const [folderId, setFolderId] = useState<string>(defaultFolderId ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'saving' | 'reading' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const reset = () => {
    setName('');
    setContent('');
    setUrl('');
    setChosen(null);
    setProblem(null);
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy('reading');
    setProblem(null);
    const result = await extractText(file);
    setBusy(null);
    if (!result.ok) return setProblem(result.error);
    setChosen(file);
    setContent(result.value.text);
    if (!name.trim()) setName(file.name.replace(/\.[^.]+$/, ''));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let doc: NewKbDocument = {
      name,
      type: tab,
      content,
      source: tab === 'url' ? url.trim() : tab === 'file' ? fileName : null,
      folderId: folderId || null,
    };
    if (tab === 'url') {
      if (!name.trim()) return setProblem(KB_TEXTS.nameRequired);
      if (!url.trim()) return setProblem(KB_TEXTS.urlEmpty);
      setBusy('reading');
      const page = await fetchPage(url.trim());
      if ('error' in page) {
        setBusy(null);
        return setProblem(page.error);
      }
      doc = { ...doc, content: page.text, source: page.url };
    }
    if (tab === 'file' && !fileName) return setProblem('Choose a file first.');
    const invalid = kbDocumentProblem(doc);
    if (invalid) {
      setBusy(null);
      return setProblem(invalid);
    }
    setBusy('saving');
    const error = await onAdd(doc, tab === 'file' ? chosen : null);
    setBusy(null);
    if (error) return setProblem(error);
    reset();
  };

  return (
    <Card component="section" aria-labelledby="kb-add-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="kb-add-title" variant="h6" component="h2" gutterBottom>
          Add a document
        </Typography>
        <Tabs
          value={tab}
          onChange={(_e, value: Tab) => {
            setTab(value);
            setProblem(null);
          }}
          aria-label="Document type"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab label="Text" value="text" />
          <Tab label="Web page" value="url" />
          <Tab label="Upload file" value="file" />
        </Tabs>
        <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)} aria-label="Add a document">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Document name" value={name} onChange={(e) => setName(e.target.value)} required fullWidth size="small" />
            <FormControl size="small" sx={{ minWidth: 200 }}>
              <InputLabel id="kb-add-folder">Folder</InputLabel>
              <Select labelId="kb-add-folder" label="Folder" value={folderId} onChange={(e) => setFolderId(e.target.value)}>
                <MenuItem value="">Uncategorized</MenuItem>
                {folders.map((f) => (
                  <MenuItem key={f.id} value={f.id}>
                    {f.name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Stack>
          {tab === 'text' && (
            <TextField
              label="Text"
              value={content}
              onChange={(e) => setContent(e.target.value)}
              multiline
              minRows={5}
              maxRows={16}
              fullWidth
              placeholder="Brand voice, product facts, customer quotes…"
            />
          )}
          {tab === 'url' && (
            <TextField
              label="Web address"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              type="url"
              fullWidth
              size="small"
              placeholder="https://example.com/article"
              helperText="The page's main text is read and stored, so it works as context even if the page changes."
            />
          )}
          {tab === 'file' && (
            <Box>
              <input
                ref={fileInput}
                type="file"
                accept={UPLOAD_ACCEPT}
                hidden
                aria-label="File"
                onChange={(e) => void chooseFile(e.target.files?.[0])}
              />
              <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()} disabled={busy !== null}>
                {fileName ? 'Choose another file' : 'Choose a file'}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {fileName
                  ? `${fileName}: ${content.length.toLocaleString('en-US')} characters of text read.`
                  : '.txt, .md, .docx or .pdf, up to 10 MB. Its text feeds the AI; the file is kept for you to download.'}
              </Typography>
            </Box>
          )}
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy !== null}
              startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {busy === 'reading' ? 'Reading…' : busy === 'saving' ? 'Saving…' : 'Add document'}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
