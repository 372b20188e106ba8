import { useEffect, useRef, useState } from 'react';
import { Typography } from '@mui/material';
import { deleteQuestion, type DeleteTarget } from '@/shared/core/promptLibrary/library.ts';
import { folderContentsText } from '@/shared/core/promptLibrary/view.ts';
import { folderSummary } from '@/shared/data/promptLibrary/browse.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { supabase } from '@/web/lib/supabase.ts';

/**
 * The delete confirmation: names what is deleted and, for a folder, what is
 * inside it (counted at every depth), since that goes too.
 */
export function DeleteDialog({
  target: open,
  onConfirm,
  onCancel,
}: {
  target: DeleteTarget | null;
  onConfirm: (target: DeleteTarget) => void;
  onCancel: () => void;
}) {
  // The last target stays on screen while the dialog fades out.
  const last = useRef<DeleteTarget | null>(null);
  if (open) last.current = open;
  const target = open ?? last.current;
  const [contents, setContents] = useState<{ for: string; text: string } | null>(null);

  useEffect(() => {
    const target = open;
    if (target?.type !== 'folder') return;
    let cancelled = false;
    void folderSummary(supabase, target.id).then((result) => {
      if (!cancelled)
        setContents({ for: target.id, text: result.error ? 'Everything inside it will be deleted too.' : folderContentsText(result.data) });
    });
    return () => {
      cancelled = true;
    };
  }, [open]);

  return (
    <ConfirmDialog
      open={open !== null}
      title={target?.type === 'folder' ? 'Delete folder?' : 'Delete prompt?'}
      confirmLabel="Delete"
      onConfirm={() => open && onConfirm(open)}
      onCancel={onCancel}
    >
      {target && deleteQuestion(target)}
      {target?.type === 'folder' && (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 1.5 }} aria-live="polite">
          {contents?.for === target.id ? contents.text : 'Counting what is inside…'}
        </Typography>
      )}
    </ConfirmDialog>
  );
}
