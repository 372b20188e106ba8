import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { folderPathFromTree, LIBRARY_TEXTS, type FolderRef, type LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import { RECOMMENDED_TEXTS, saveRecommendedProblem, type RecommendedPrompt } from '@/shared/core/recommendedPrompts.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { failureCode, useSaveRecommendedMutation } from '@/web/queries/recommended.ts';
import { webData } from '../run/runSide.ts';

const ROOT = '';

/** Every folder with its whole path ('Launch / Emails'), in path order. */
function folderOptions(folders: readonly LibraryFolder[]): { id: string; label: string }[] {
  const byId = new Map<string, FolderRef>(folders.map((f) => [f.id, f]));
  return folders
    .map((f) => ({
      id: f.id,
      label:
        (folderPathFromTree(f.id, byId) ?? [])
          .slice(1)
          .map((c) => c.name)
          .join(' / ') || f.name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/**
 * Save to library (login and a non-empty name required): the copy's name, and the
 * folder of the user's library it goes into (the root unless chosen).
 */
export function SaveToLibraryDialog({ prompt, onClose }: { prompt: RecommendedPrompt; onClose: () => void }) {
  const user = useUser();
  const notify = useNotify();
  const [name, setName] = useState(prompt.name);
  const [folderId, setFolderId] = useState(ROOT);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const { mutateAsync: saveToLibrary, isPending: saving } = useSaveRecommendedMutation();
  const folders = useQuery({ ...promptQueries.folders(webData), select: folderOptions });
  const foldersLoading = folders.data === undefined && (folders.status === 'pending' || folders.isFetching);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = saveRecommendedProblem(user !== null, name);
    if (problem) {
      if (problem === RECOMMENDED_TEXTS.nameRequired) return setNameProblem(problem.description);
      return notify({ ...problem, variant: 'destructive' });
    }
    const saved = await saveToLibrary({ prompt, name, folderId: folderId || null }).then(
      () => true,
      (error: Error) => {
        if (failureCode(error) === 'invalid') setNameProblem(error.message);
        return false;
      },
    );
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="save-recommended-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="save-recommended-title">Save to your library</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label="Prompt name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setNameProblem(null);
              }}
              required
              autoFocus
              error={nameProblem !== null}
              helperText={nameProblem ?? 'The name it gets in My Prompts.'}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              fullWidth
            />
            {folders.data === undefined && folders.status === 'error' && !folders.isFetching ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void folders.refetch()}>
                    Try again
                  </Button>
                }
              >
                Error fetching prompt folders: {errorMessage(folders.error)}. It is saved in {LIBRARY_TEXTS.rootName}.
              </Alert>
            ) : (
              <TextField
                select
                label="Folder"
                value={folderId}
                onChange={(e) => setFolderId(e.target.value)}
                disabled={foldersLoading}
                helperText={foldersLoading ? 'Loading your folders…' : undefined}
                fullWidth
              >
                <MenuItem value={ROOT}>{LIBRARY_TEXTS.rootName}</MenuItem>
                {folders.data?.map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
