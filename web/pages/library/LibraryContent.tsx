import { useCallback, useMemo } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { folderPathFromTree, LIBRARY_TEXTS, type LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import { VIEW_TEXTS, type LibraryMode, type LibraryView } from '@/shared/core/promptLibrary/view.ts';
import type { PromptCard as Card } from '@/shared/data/promptLibrary/library.ts';
import { FolderCard } from './FolderCard.tsx';
import { LibraryGrid } from './LibraryGrid.tsx';
import { PromptCard } from './PromptCard.tsx';
import { cardAt, type CardsState } from './useLibraryCards.ts';

export interface LibraryContentProps {
  state: CardsState;
  mode: LibraryMode;
  view: LibraryView;
  /** Every folder (for the folder of each card listed across folders), null while loading. */
  allFolders: LibraryFolder[] | null;
  folderLink: (folderId: string | null) => string;
  ensureRange: (from: number, to: number) => void;
  onRetry: () => void;
  folderActions: { rename: (f: LibraryFolder) => void; move: (f: LibraryFolder) => void; remove: (f: LibraryFolder) => void };
  promptActions: {
    edit: (c: Card) => void;
    move: (c: Card) => void;
    remove: (c: Card) => void;
    favorite: (c: Card) => void;
    tag: (tag: string) => void;
  };
}

/** The spinner, the error with Try again, the empty text, or the grid of folder and prompt cards. */
export function LibraryContent({
  state,
  mode,
  view,
  allFolders,
  folderLink,
  ensureRange,
  onRetry,
  folderActions,
  promptActions,
}: LibraryContentProps) {
  const folderMap = useMemo(() => new Map((allFolders ?? []).map((f) => [f.id, f])), [allFolders]);
  const folders = state.status === 'ready' ? state.folders : [];
  const onRange = useCallback(
    (from: number, to: number) => ensureRange(from - folders.length, to - folders.length),
    [ensureRange, folders.length],
  );

  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading prompts" />
      </Box>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert severity="error" action={<Button onClick={onRetry}>Try again</Button>}>
        {mode === 'folder' ? 'Error fetching prompts' : 'Error fetching your prompts'}: {state.message}
      </Alert>
    );
  }
  const count = folders.length + state.total;
  if (count === 0) {
    const text =
      mode === 'search'
        ? VIEW_TEXTS.searchEmpty(view.query)
        : mode === 'folder'
          ? LIBRARY_TEXTS.empty
          : view.favorites
            ? VIEW_TEXTS.favoritesEmpty
            : VIEW_TEXTS.tagEmpty;
    return (
      <Box sx={{ textAlign: 'center', py: 6, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
        <Typography color="text.secondary">{text}</Typography>
      </Box>
    );
  }

  const pathOf = (card: Card) => {
    if (mode === 'folder') return undefined;
    const crumbs = allFolders ? folderPathFromTree(card.folderId, folderMap) : null;
    return crumbs ? crumbs.map((c) => c.name).join(' / ') : '';
  };
  const draggable = mode === 'folder';

  return (
    <LibraryGrid
      label={mode === 'folder' ? 'Folders and prompts' : 'Prompts'}
      count={count}
      onRange={onRange}
      renderCard={(index) => {
        if (index < folders.length) {
          const folder = folders[index]!;
          return (
            <FolderCard
              folder={folder}
              to={folderLink(folder.id)}
              draggable={draggable}
              onRename={folderActions.rename}
              onMove={folderActions.move}
              onDelete={folderActions.remove}
            />
          );
        }
        const card = cardAt(state, index - folders.length);
        if (!card) return null;
        return (
          <PromptCard
            card={card}
            folderPath={pathOf(card)}
            draggable={draggable}
            onEdit={promptActions.edit}
            onMove={promptActions.move}
            onDelete={promptActions.remove}
            onToggleFavorite={promptActions.favorite}
            onTag={promptActions.tag}
          />
        );
      }}
    />
  );
}
