import { useState, type FormEvent } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { validateFreeCategory, type FreeCategoryDraft, type FreeCategoryErrors } from '@/shared/core/admin/catalog.ts';
import type { AdminFreeCategory } from '@/shared/data/admin/catalog.ts';
import { SaveCancelActions } from '@/web/components/SaveCancelActions.tsx';

/** Add a free category, or rename it and change its description. */
export function FreeCategoryDialog({
  category,
  saving,
  onSave,
  onClose,
}: {
  /** null: a new category. */
  category: AdminFreeCategory | null;
  saving: boolean;
  onSave: (draft: FreeCategoryDraft) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<FreeCategoryDraft>({ name: category?.name ?? '', description: category?.description ?? '' });
  // Problems show once Save was pressed, then follow each change.
  const [tried, setTried] = useState(false);
  const errors: FreeCategoryErrors = tried ? validateFreeCategory(draft) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!validateFreeCategory(draft).name) onSave(draft);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="free-category-dialog-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="free-category-dialog-title">{category ? `Edit category: ${category.name}` : 'Add category'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <TextField
              label="Name"
              required
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              error={Boolean(errors.name)}
              helperText={errors.name}
              fullWidth
              autoFocus
            />
            <TextField
              label="Description"
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              multiline
              minRows={2}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <SaveCancelActions saving={saving} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}
