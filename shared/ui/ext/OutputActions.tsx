import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import InputIcon from '@mui/icons-material/Input';
import SaveAltIcon from '@mui/icons-material/SaveAlt';
import { DOCUMENT_ERRORS, DOCUMENT_TEXTS } from '../../core/documents.ts';
import { ROUTES } from '../../core/routes.ts';
import { saveDocument } from '../../data/documents.ts';
import { sendMessage } from '../../ext/messaging.ts';
import { insertIntoTab } from '../../ext/tabs.ts';
import { useNotify } from '../notices.tsx';
import { extData } from './extClient.ts';
import { usePage } from './pageContext.tsx';

/** Copy (works while streaming), insert into the page, save as a document. */

const COPIED_TEXT = '✅ Copied to clipboard!';

export interface OutputActionsProps {
  text: string;
  /** The document's name when saved. */
  name: string;
  /** Saving is offered once the output is final. */
  canSave: boolean;
}

export function OutputActions({ text, name, canSave }: OutputActionsProps) {
  const notify = useNotify();
  const { tab } = usePage();
  const [saving, setSaving] = useState(false);
  const empty = !text.trim();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: COPIED_TEXT });
    } catch (error) {
      notify({ title: 'Copy Failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  const insert = async () => {
    if (!tab) return;
    const result = await insertIntoTab(tab.id, text);
    notify(result.inserted ? { title: 'Inserted into the page' } : { title: 'Nothing Inserted', description: result.reason, variant: 'destructive' });
  };

  const save = async () => {
    if (empty) {
      notify({ title: DOCUMENT_TEXTS.nothingToSave, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const { data, error } = await saveDocument(await extData(), { name, content: text, format: 'md' });
      if (error) {
        notify({ title: error.code === 'invalid' ? error.message : DOCUMENT_ERRORS.save('document'), description: error.code === 'invalid' ? undefined : error.message, variant: 'destructive' });
        return;
      }
      notify({
        title: 'Document Saved',
        description: `"${data.name}" is in your documents.`,
        action: {
          label: 'Open',
          altText: 'Open your documents in the dashboard',
          onClick: () => void sendMessage('dashboard:open', { path: ROUTES.documentGenerator }),
        },
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon fontSize="small" />} onClick={() => void copy()} disabled={empty}>
        Copy
      </Button>
      <Button size="small" variant="outlined" startIcon={<InputIcon fontSize="small" />} onClick={() => void insert()} disabled={empty || !tab}>
        Insert into page
      </Button>
      {canSave && (
        <Button size="small" variant="outlined" startIcon={<SaveAltIcon fontSize="small" />} onClick={() => void save()} loading={saving} disabled={empty}>
          Save as document
        </Button>
      )}
    </Stack>
  );
}
