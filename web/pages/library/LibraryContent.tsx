import { useCallback, useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { folderPathFromTree, LIBRARY_TEXTS, type LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import { VIEW_TEXTS, type LibraryMode, type LibraryView } from '@/shared/core/promptLibrary/view.ts';
import type { PromptCard as Card } from '@/shared/data/promptLibrary/library.ts';
import type { CardsData } from '@/shared/ui/queries/prompts.ts';
import { QueryState, type QueryLike } from '@/shared/ui/QueryState.tsx';
import { FolderCard } from './FolderCard.tsx';
import { LibraryGrid } from './LibraryGrid.tsx';
import { PromptCard } from './PromptCard.tsx';
import { cardAt } from './useLibraryCards.ts';

export interface LibraryContentProps {
  query: QueryLike<CardsData>;
  mode: LibraryMode;
  view: LibraryView;
  /** Every folder (for the folder of each card listed across folders), null while loading. */
  allFolders: LibraryFolder[] | null;
  folderLink: (folderId: string | null) => string;
  ensureRange: (from: number, to: number) => void;
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
export function LibraryContent({ query, mode, view, ...grid }: LibraryContentProps) {
  const emptyText =
    mode === 'search'
      ? VIEW_TEXTS.searchEmpty(view.query)
      : mode === 'folder'
        ? LIBRARY_TEXTS.empty
        : view.favorites
          ? VIEW_TEXTS.favoritesEmpty
          : VIEW_TEXTS.tagEmpty;
  return (
    <QueryState
      query={query}
      loadingLabel="Loading prompts"
      loadingSx={{ display: 'grid', placeItems: 'center', py: 8 }}
      errorText={(message) => `${mode === 'folder' ? 'Error fetching prompts' : 'Error fetching your prompts'}: ${message}`}
      isEmpty={(data) => data.folders.length + data.total === 0}
      empty={
        <Box sx={{ textAlign: 'center', py: 6, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </Box>
      }
    >
      {(data) => <CardGrid data={data} mode={mode} {...grid} />}
    </QueryState>
  );
}

type CardGridProps = Omit<LibraryContentProps, 'query' | 'view'> & { data: CardsData };

/** The folder cards, then the prompt cards (each page read as the grid scrolls to it). */
function CardGrid({ data, mode, allFolders, folderLink, ensureRange, folderActions, promptActions }: CardGridProps) {
  const folderMap = useMemo(() => new Map((allFolders ?? []).map((f) => [f.id, f])), [allFolders]);
  const { folders } = data;
  const onRange = useCallback(
    (from: number, to: number) => ensureRange(from - folders.length, to - folders.length),
    [ensureRange, folders.length],
  );
  const count = folders.length + data.total;

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
        const card = cardAt(data, index - folders.length);
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
