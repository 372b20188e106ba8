import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { ideaExport, type StartupIdeaContent } from '@/shared/core/ideas.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';

type IdeaFormat = 'docx' | 'pdf';
const LABELS: Record<IdeaFormat, string> = { docx: 'DOCX', pdf: 'PDF' };

/** "Download DOCX" and "Download PDF" for one idea (the export code loads on first use). */
export function IdeaExportButtons({ idea, disabled = false }: { idea: StartupIdeaContent; disabled?: boolean }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<IdeaFormat | null>(null);

  const download = async (format: IdeaFormat) => {
    setBusy(format);
    try {
      const { exportDocument } = await import('@/shared/export/index.ts');
      const file = await exportDocument(ideaExport(idea), format);
      downloadFile(file.data, file.fileName, file.mimeType);
    } catch {
      notify({
        title: `Error generating ${LABELS[format]}`,
        description: `There was an issue creating the ${LABELS[format]} file.`,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {(['docx', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={disabled || busy !== null}
          onClick={() => void download(format)}
        >
          {busy === format ? `Preparing ${LABELS[format]}…` : `Download ${LABELS[format]}`}
        </Button>
      ))}
    </>
  );
}
