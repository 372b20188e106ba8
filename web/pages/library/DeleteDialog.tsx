import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Typography } from '@mui/material';
import { deleteQuestion, type DeleteTarget } from '@/shared/core/promptLibrary/library.ts';
import { folderContentsText } from '@/shared/core/promptLibrary/view.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { webData } from '../run/runSide.ts';

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
  // Counted each time the dialog opens on a folder (the last count shows meanwhile).
  const folderId = target?.type === 'folder' ? target.id : '';
  const summary = useQuery({ ...promptQueries.folderSummary(webData, folderId), enabled: open?.type === 'folder' });
  const contents =
    summary.data !== undefined
      ? folderContentsText(summary.data)
      : summary.isError
        ? 'Everything inside it will be deleted too.'
        : 'Counting what is inside…';

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
          {contents}
        </Typography>
      )}
    </ConfirmDialog>
  );
}
