import { useEffect, useState, type ReactNode } from 'react';
import { Button, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SaveAltIcon from '@mui/icons-material/SaveAlt';
import { DOCUMENT_TEXTS } from '@/shared/core/documents/documents.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { useNotify } from '../notices.tsx';
import { useSaveOutputDocumentMutation } from '../queries/documents.ts';
import { errorMessage } from '../../core/text.ts';

/** What a side gives a run's output actions: where documents go, and what else it offers. */
export interface OutputActionsSetup {
  /** The data client a document is saved with. */
  client: () => Promise<AppClient>;
  /** The saved document's format. */
  format: string;
  /** The "Document Saved" notice's Open action. */
  openDocuments: { altText: string; onClick: () => void };
  /** Once saved, the button reads "Saved as document" and waits for other text (no duplicate documents). */
  markSaved: boolean;
  /** More buttons, between Copy and Save (the panel's "Insert into page"). */
  extra?: (text: string) => ReactNode;
}

export interface OutputActionsProps {
  text: string;
  /** The document's name when saved. */
  documentName: string;
  /** Saving waits for the final text (copying works while it streams). */
  canSave: boolean;
  setup: OutputActionsSetup;
}

/** Copy (works while streaming), the side's extra actions, and "Save as document" (generated_documents). */
export function OutputActions({ text, documentName, canSave, setup }: OutputActionsProps) {
  const notify = useNotify();
  const { mutateAsync: saveDocument, isPending: saving } = useSaveOutputDocumentMutation(setup.client, setup.openDocuments);
  // The text last saved: saving the same output twice would only make a duplicate document.
  const [savedText, setSavedText] = useState<string | null>(null);
  const empty = !text.trim();
  useEffect(() => setSavedText((s) => (s === text ? s : null)), [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: RUN_TEXTS.copied });
    } catch (error) {
      notify({ title: RUN_TEXTS.copyFailed, description: errorMessage(error), variant: 'destructive' });
    }
  };

  const save = async () => {
    if (empty) {
      notify({ title: DOCUMENT_TEXTS.nothingToSave, variant: 'destructive' });
      return;
    }
    // A failure is the mutation's notice.
    const done = await saveDocument({ name: documentName, content: text, format: setup.format }).then(
      () => true,
      () => false,
    );
    if (done && setup.markSaved) setSavedText(text);
  };

  const saved = savedText !== null && savedText === text;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon fontSize="small" />} onClick={() => void copy()} disabled={empty}>
        {RUN_TEXTS.copy}
      </Button>
      {setup.extra?.(text)}
      {canSave && (
        <Button
          size="small"
          variant="outlined"
          startIcon={saved ? <CheckIcon fontSize="small" /> : <SaveAltIcon fontSize="small" />}
          onClick={() => void save()}
          loading={saving}
          disabled={empty || saved}
        >
          {saved ? RUN_TEXTS.savedAsDocument : RUN_TEXTS.saveAsDocument}
        </Button>
      )}
    </Stack>
  );
}
