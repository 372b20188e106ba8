import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SaveAltIcon from '@mui/icons-material/SaveAlt';
import { DOCUMENT_ERRORS } from '../../../shared/core/documents.ts';
import { ROUTES } from '../../../shared/core/routes.ts';
import { RUN_OUTPUT_FORMAT } from '../../../shared/core/runPrompt.ts';
import { RUN_TEXTS } from '../../../shared/core/runTexts.ts';
import { saveDocument } from '../../../shared/data/documents.ts';
import { useNotify } from '../../../shared/ui/notices.tsx';
import { supabase } from '../../lib/supabase.ts';

export interface OutputButtonsProps {
  text: string;
  /** The document's name when saved. */
  documentName: string;
  /** Saving waits for the final text (copying works while it streams). */
  canSave: boolean;
}

/** Copy and "Save as document" (generated_documents) for a run's output. */
export function OutputButtons({ text, documentName, canSave }: OutputButtonsProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  // The text last saved: saving the same output twice would only make a duplicate document.
  const [savedText, setSavedText] = useState<string | null>(null);
  const empty = !text.trim();
  useEffect(() => setSavedText((s) => (s === text ? s : null)), [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: RUN_TEXTS.copied });
    } catch (error) {
      notify({ title: RUN_TEXTS.copyFailed, description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  const save = async () => {
    setSaving(true);
    const { data, error } = await saveDocument(supabase, { name: documentName, content: text, format: RUN_OUTPUT_FORMAT });
    setSaving(false);
    if (error) {
      const invalid = error.code === 'invalid';
      notify({ title: invalid ? error.message : DOCUMENT_ERRORS.save('document'), description: invalid ? undefined : error.message, variant: 'destructive' });
      return;
    }
    setSavedText(text);
    notify({
      title: RUN_TEXTS.documentSaved,
      description: RUN_TEXTS.documentSavedText(data.name),
      action: { label: 'Open', altText: 'Open your documents', onClick: () => navigate(ROUTES.documentGenerator) },
    });
  };

  const saved = savedText !== null && savedText === text;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon fontSize="small" />} onClick={() => void copy()} disabled={empty}>
        Copy
      </Button>
      {canSave && (
        <Button
          size="small"
          variant="outlined"
          startIcon={saved ? <CheckIcon fontSize="small" /> : <SaveAltIcon fontSize="small" />}
          onClick={() => void save()}
          loading={saving}
          disabled={empty || saved}
        >
          {saved ? 'Saved as document' : 'Save as document'}
        </Button>
      )}
    </Stack>
  );
}
