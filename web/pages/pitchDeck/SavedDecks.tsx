import { useState } from 'react';
import { Box, Button, Card, CardActions, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/DriveFileRenameOutline';
import { themeById } from '@/shared/core/pitchDeck/layout.ts';
import { PITCH_DECK_TEXTS as T } from '@/shared/core/pitchDeck/texts.ts';
import type { DeckSummary } from '@/shared/data/pitchDecks.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { RenameDialog } from '@/shared/ui/conversation/RenameDialog.tsx';
import { savedOn } from '../ideas/SavedIdeaCard.tsx';
import type { useSavedDecks } from './useSavedDecks.ts';

const SOURCE_LABELS = { idea: 'From a saved idea', offer: 'From a saved offer', text: 'From a description' } as const;

/** "Saved decks": each with its slide count and date; Open, Rename, Delete (view-only accounts only open). */
export function SavedDecks({
  saved,
  readOnly,
  openId,
  onOpen,
  onRenamed,
  onDeleted,
}: {
  saved: ReturnType<typeof useSavedDecks>;
  readOnly: boolean;
  /** The deck open in the editor. */
  openId: string | null;
  onOpen: (id: string) => void;
  onRenamed: (id: string, title: string) => void;
  onDeleted: (id: string) => void;
}) {
  const [renaming, setRenaming] = useState<DeckSummary | null>(null);
  const [confirming, setConfirming] = useState<DeckSummary | null>(null);

  const confirmDelete = async () => {
    const deck = confirming;
    setConfirming(null);
    if (deck && (await saved.remove(deck))) onDeleted(deck.id);
  };

  return (
    <Box component="section" aria-labelledby="saved-decks-heading">
      <Typography id="saved-decks-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        {T.savedHeading}
      </Typography>
      <QueryState
        query={saved.query}
        loadingLabel="Loading your saved decks"
        errorText={(message) => `Error fetching decks: ${message}`}
        isEmpty={(decks) => decks.length === 0}
        empty={
          <Typography
            color="text.secondary"
            sx={{ py: 3, textAlign: 'center', border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}
          >
            {T.savedEmpty}
          </Typography>
        }
      >
        {(decks) => (
          <Box
            component="ul"
            aria-label={T.savedHeading}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            {decks.map((deck) => {
              const theme = themeById(deck.theme);
              return (
                <Card
                  component="li"
                  key={deck.id}
                  sx={{ display: 'flex', flexDirection: 'column', borderTop: 4, borderTopColor: `#${theme.accent}` }}
                >
                  <CardContent sx={{ flexGrow: 1, pb: 1 }}>
                    <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
                      {deck.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {deck.slideCount} slides · {theme.name} · {SOURCE_LABELS[deck.sourceKind]}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="p">
                      Saved <time dateTime={deck.updatedAt}>{savedOn(deck.updatedAt)}</time>
                    </Typography>
                  </CardContent>
                  <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'space-between' }}>
                    <Button variant="outlined" size="small" onClick={() => onOpen(deck.id)} disabled={openId === deck.id}>
                      {openId === deck.id ? 'Open now' : T.open}
                      <Box component="span" sx={visuallyHidden}>
                        {` ${deck.title}`}
                      </Box>
                    </Button>
                    {!readOnly && (
                      <Box>
                        <Tooltip title={T.rename}>
                          <IconButton aria-label={`${T.rename} ${deck.title}`} onClick={() => setRenaming(deck)}>
                            <EditIcon />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={T.delete}>
                          <IconButton aria-label={`${T.delete} ${deck.title}`} onClick={() => setConfirming(deck)}>
                            <DeleteIcon />
                          </IconButton>
                        </Tooltip>
                      </Box>
                    )}
                  </CardActions>
                </Card>
              );
            })}
          </Box>
        )}
      </QueryState>
      <RenameDialog
        conversation={renaming}
        saving={saved.renaming}
        onClose={() => setRenaming(null)}
        onRename={async (title) => {
          if (!renaming) return null;
          if (!title.trim()) return 'Give the deck a title.';
          const done = await saved.rename(renaming, title);
          if (done) onRenamed(renaming.id, title.trim());
          return done ? null : 'The deck could not be renamed.';
        }}
      />
      <ConfirmDialog
        open={Boolean(confirming)}
        title={T.deleteTitle}
        confirmLabel={T.delete}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      >
        {T.deleteBody(confirming?.title ?? '')}
      </ConfirmDialog>
    </Box>
  );
}
