import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import type { ExportDocument } from '@/shared/export/model.ts';
import { ANALYSIS_TEXTS } from '@/shared/core/analysis/texts.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { errorMessage } from '@/shared/core/text.ts';

type AnalysisFormat = 'docx' | 'pdf' | 'md';
const LABELS: Record<AnalysisFormat, string> = {
  docx: ANALYSIS_TEXTS.exportDocx,
  pdf: ANALYSIS_TEXTS.exportPdf,
  md: ANALYSIS_TEXTS.exportMarkdown,
};

/** The analysis downloaded as DOCX, PDF or Markdown (the export code loads on first use). */
export function AnalysisExportButtons({ document }: { document: () => ExportDocument }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<AnalysisFormat | null>(null);

  const download = async (format: AnalysisFormat) => {
    setBusy(format);
    try {
      const { exportDocument } = await import('@/shared/export/index.ts');
      const file = await exportDocument(document(), format);
      downloadFile(file.data, file.fileName, file.mimeType);
    } catch (error) {
      notify({
        title: ANALYSIS_TEXTS.exportError,
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {(['docx', 'pdf', 'md'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon fontSize="small" />}
          loading={busy === format}
          disabled={busy !== null}
          onClick={() => void download(format)}
        >
          {LABELS[format]}
        </Button>
      ))}
    </>
  );
}
