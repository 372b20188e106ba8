import { useState } from 'react';
import { Button, ListSubheader, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import SaveAltIcon from '@mui/icons-material/SaveAlt';
import { RUN_TEXTS } from '../../core/runTexts.ts';
import { runDocument, type LiveRun } from '../../core/workflows/runState.ts';
import { RUN_VIEW_TEXTS } from '../../core/workflows/runTexts.ts';
import { EXPORT_FORMAT_LABELS } from '../../export/model.ts';
import { saveDocument } from '../../data/documents/documents.ts';
import { documentToMarkdown } from '../../export/text.ts';
import { downloadFile } from '../download.ts';
import type { OutputActionsSetup } from '../run/OutputActions.tsx';
import { useNotify } from '../notices.tsx';
import { errorMessage } from '../../core/text.ts';

const FORMATS = ['docx', 'pdf', 'md'] as const;
const WHICH = ['final', 'all'] as const;

/**
 * Every step's output saved as one document, and the final output or every step downloaded as
 * DOCX, PDF or Markdown (the export code loads on first use).
 */
export function RunExportMenu({
  name,
  state,
  actions,
  canSave,
}: {
  name: string;
  state: LiveRun;
  actions: OutputActionsSetup;
  canSave: boolean;
}) {
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);

  const saveAll = async () => {
    setSaving(true);
    try {
      const doc = runDocument(name, state, 'all', new Date());
      const { data, error } = await saveDocument(await actions.client(), {
        name: `${name} — ${RUN_VIEW_TEXTS.exportWhich.all.toLowerCase()}`,
        content: documentToMarkdown(doc),
        format: actions.format,
      });
      if (error) notify({ title: error.message, variant: 'destructive' });
      else
        notify({
          title: RUN_TEXTS.documentSaved,
          description: RUN_TEXTS.documentSavedText(data.name),
          action: { label: RUN_TEXTS.openDocument, ...actions.openDocuments },
        });
    } finally {
      setSaving(false);
    }
  };

  const download = async (which: (typeof WHICH)[number], format: (typeof FORMATS)[number]) => {
    setAnchor(null);
    setBusy(true);
    try {
      const { exportDocument } = await import('../../export/index.ts');
      const file = await exportDocument(runDocument(name, state, which, new Date()), format);
      downloadFile(file.data, file.fileName, file.mimeType);
    } catch (error) {
      notify({
        title: RUN_VIEW_TEXTS.exportError,
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {canSave && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<SaveAltIcon fontSize="small" />}
          loading={saving}
          onClick={() => void saveAll()}
        >
          {RUN_VIEW_TEXTS.saveAll}
        </Button>
      )}
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon fontSize="small" />}
        loading={busy}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {RUN_VIEW_TEXTS.exportLabel}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {WHICH.flatMap((which) => [
          <ListSubheader key={which}>{RUN_VIEW_TEXTS.exportWhich[which]}</ListSubheader>,
          ...FORMATS.map((format) => (
            <MenuItem key={`${which}-${format}`} onClick={() => void download(which, format)}>
              {EXPORT_FORMAT_LABELS[format]}
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}
