import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, TextField } from '@mui/material';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { getPrompt } from '@/shared/data/promptLibrary/library.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { webData } from '../run/runSide.ts';

export interface PickedPrompt {
  id: string;
  name: string;
  text: string;
}

/** Picks a saved prompt of the user's library (searched by words, or the first ones when empty); its text is read on pick. */
export function LibraryPromptDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (prompt: PickedPrompt) => void;
}) {
  const [search, setSearch] = useState('');
  const notify = useNotify();
  const query = useQuery({ ...promptQueries.picker(webData, search), enabled: open });

  const pick = async (id: string) => {
    const result = await getPrompt(supabase, id);
    if (result.error) return notify({ title: BUILDER_TEXTS.libraryError(result.error.message), variant: 'destructive' });
    const prompt = result.data;
    if (!prompt) return notify({ title: BUILDER_TEXTS.libraryEmpty, variant: 'destructive' });
    onPick({ id: prompt.id, name: prompt.name, text: prompt.promptText });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="library-prompt-title">
      <DialogTitle id="library-prompt-title">{BUILDER_TEXTS.libraryTitle}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          fullWidth
          size="small"
          label={BUILDER_TEXTS.librarySearch}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoFocus
        />
        <QueryState
          query={query}
          loadingLabel={BUILDER_TEXTS.libraryLoading}
          errorText={BUILDER_TEXTS.libraryError}
          alertSx={{ mt: 2 }}
          isEmpty={(prompts) => prompts.length === 0}
          empty={<p>{BUILDER_TEXTS.libraryEmpty}</p>}
        >
          {(prompts) => (
            <List aria-label={BUILDER_TEXTS.libraryTitle} sx={{ mt: 1, maxHeight: 360, overflow: 'auto' }}>
              {prompts.map((p) => (
                <ListItemButton key={p.id} onClick={() => void pick(p.id)}>
                  <ListItemText primary={p.name} secondary={p.preview} slotProps={{ secondary: { noWrap: true } }} />
                </ListItemButton>
              ))}
            </List>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{BUILDER_TEXTS.cancel}</Button>
      </DialogActions>
    </Dialog>
  );
}
