import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DndContext, DragOverlay, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CreateFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import FolderIcon from '@mui/icons-material/Folder';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { getPrompt, type PromptCard } from '@/shared/data/promptLibrary/library.ts';
import {
  LIBRARY_ERRORS,
  LIBRARY_TEXTS,
  type DeleteTarget,
  type LibraryFolder,
  type LibraryPrompt,
} from '@/shared/core/promptLibrary/library.ts';
import { DEFAULT_VIEW, libraryMode, libraryParams, VIEW_TEXTS } from '@/shared/core/promptLibrary/view.ts';
import { PROVIDER_IDS } from '@/shared/core/providerKeys.ts';
import type { AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { NameDialog } from '../files/NameDialog.tsx';
import { dropTarget, type DragItem } from './cardParts.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { LibraryBreadcrumbs } from './LibraryBreadcrumbs.tsx';
import { LibraryContent } from './LibraryContent.tsx';
import { LibraryToolbar } from './LibraryToolbar.tsx';
import { MoveDialog, type MoveSubject } from './MoveDialog.tsx';
import { PromptDialog } from './PromptDialog.tsx';
import { useBreadcrumb } from './useBreadcrumb.ts';
import { useLibraryActions } from './useLibraryActions.ts';
import { useLibraryCards } from './useLibraryCards.ts';
import { useLibraryTree } from './useLibraryTree.ts';
import { useLibraryView } from './useLibraryView.ts';
import { useNewPromptRequest } from './newPromptRequest.ts';

type FolderDialog = { kind: 'create' } | { kind: 'rename'; folder: LibraryFolder } | null;

/**
 * The prompt library: nested folders with a breadcrumb, folder
 * and prompt cards in a virtual grid, create / edit / delete / import, and ours: move (drag and
 * drop or "Move to…"), favourites, tags, search across the library, export and import of the whole
 * library, a default provider and model per prompt. /my-prompts and /prompts-library show it
 * under their own titles.
 */
export function LibraryScreen({ title, subtitle }: { title: string; subtitle: string }) {
  const user = useUser();
  const notify = useNotify();
  const { pathname } = useLocation();
  const keys = useProviderKeys(user?.id ?? null);
  const { view, update, openFolder } = useLibraryView();
  const mode = libraryMode(view);
  const tree = useLibraryTree();
  const tagSpellings = useMemo(
    () =>
      view.tag ? (tree.tags?.find((t) => t.spellings.some((s) => s.toLowerCase() === view.tag!.toLowerCase()))?.spellings ?? null) : null,
    [view.tag, tree.tags],
  );
  const cards = useLibraryCards(view, tagSpellings);
  const path = useBreadcrumb(view.folderId, () => openFolder(null, { replace: true }));
  const here = { id: view.folderId, name: path.crumbs[path.crumbs.length - 1]!.name };

  const actions = useLibraryActions();

  const [folderDialog, setFolderDialog] = useState<FolderDialog>(null);
  const [promptDialog, setPromptDialog] = useState<LibraryPrompt | 'new' | null>(null);
  useNewPromptRequest(useCallback(() => setPromptDialog('new'), []));
  const [importOpen, setImportOpen] = useState(false);
  const [moving, setMoving] = useState<MoveSubject | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [dragging, setDragging] = useState<DragItem | null>(null);

  const folderLink = useCallback(
    (folderId: string | null) => `${pathname}${libraryParams({ ...DEFAULT_VIEW, sort: view.sort, folderId })}`,
    [pathname, view.sort],
  );
  const available: AvailableKeys = useMemo(
    () => ({
      keys: Object.fromEntries(PROVIDER_IDS.map((id) => [id, keys.state.keys[id].value])),
      customBaseUrl: keys.state.baseUrl.value,
    }),
    [keys.state],
  );
  const folderName = (id: string | null) =>
    id === null
      ? LIBRARY_TEXTS.rootName
      : (tree.folders?.find((f) => f.id === id)?.name ?? path.crumbs.find((c) => c.id === id)?.name ?? 'the folder');

  const editPrompt = useCallback(
    async (card: PromptCard) => {
      const result = await getPrompt(supabase, card.id);
      if (result.error || !result.data) return notify(LIBRARY_ERRORS.fetchPrompts(result.error?.message ?? 'Prompt not found'));
      setPromptDialog(result.data);
    },
    [notify],
  );

  // Stable, so the memoised cards re-render only when their own data changes.
  const folderActions = useMemo(
    () => ({
      rename: (folder: LibraryFolder) => setFolderDialog({ kind: 'rename', folder }),
      move: (folder: LibraryFolder) => setMoving({ kind: 'folder', id: folder.id, name: folder.name, folderId: folder.parentId }),
      remove: (folder: LibraryFolder) => setDeleting({ type: 'folder', id: folder.id, name: folder.name }),
    }),
    [],
  );
  const favoritesView = view.favorites;
  const promptActions = useMemo(
    () => ({
      edit: (card: PromptCard) => void editPrompt(card),
      move: (card: PromptCard) => setMoving({ kind: 'prompt', id: card.id, name: card.name, folderId: card.folderId }),
      remove: (card: PromptCard) => setDeleting({ type: 'prompt', id: card.id, name: card.name }),
      favorite: (card: PromptCard) => void actions.toggleFavorite(card, favoritesView),
      tag: (tag: string) => update({ tag, query: '' }),
    }),
    [editPrompt, actions, favoritesView, update],
  );

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const item = active.data.current as DragItem | undefined;
    if (!item || !over) return;
    const target = dropTarget(String(over.id));
    if (target === view.folderId || (item.kind === 'folder' && target === item.id)) return;
    const items = item.kind === 'folder' ? { folderIds: [item.id] } : { promptIds: [item.id] };
    void actions.move(items, item.name, { id: target, name: folderName(target) });
  };

  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 5 }, pb: { xs: 4, md: 6 } }}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <Button variant="outlined" startIcon={<CreateFolderIcon />} onClick={() => setFolderDialog({ kind: 'create' })}>
              {LIBRARY_TEXTS.newFolder}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPromptDialog('new')}>
              {LIBRARY_TEXTS.newPrompt}
            </Button>
            <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setImportOpen(true)}>
              {LIBRARY_TEXTS.import}
            </Button>
            <ExportMenu onExport={(kind) => void actions.exportAll(kind)} />
          </>
        }
      />
      <LibraryToolbar view={view} tags={tree.tags} onChange={update} />

      <DndContext
        sensors={sensors}
        onDragStart={({ active }) => setDragging((active.data.current as DragItem | undefined) ?? null)}
        onDragCancel={() => setDragging(null)}
        onDragEnd={onDragEnd}
      >
        {mode === 'folder' ? (
          <LibraryBreadcrumbs path={path} linkTo={folderLink} dragging={dragging !== null} />
        ) : (
          <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" component="h2">
              {mode === 'search'
                ? VIEW_TEXTS.searchTitle(view.query)
                : view.favorites && view.tag
                  ? `${VIEW_TEXTS.favoritesTitle} · ${VIEW_TEXTS.tagTitle(view.tag)}`
                  : view.favorites
                    ? VIEW_TEXTS.favoritesTitle
                    : VIEW_TEXTS.tagTitle(view.tag!)}
            </Typography>
            {cards.query.data && (
              <Typography color="text.secondary" role="status">
                {VIEW_TEXTS.promptCount(cards.query.data.total)}
              </Typography>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => update({ query: '', favorites: false, tag: null })}>
              Back to {here.name}
            </Button>
          </Stack>
        )}

        <LibraryContent
          query={cards.query}
          mode={mode}
          view={view}
          allFolders={tree.folders}
          folderLink={folderLink}
          ensureRange={cards.ensureRange}
          folderActions={folderActions}
          promptActions={promptActions}
        />

        <DragOverlay>
          {dragging && (
            <Paper elevation={8} sx={{ px: 1.5, py: 1, display: 'inline-flex', gap: 1, alignItems: 'center', maxWidth: 280 }}>
              {dragging.kind === 'folder' ? (
                <FolderIcon fontSize="small" color="primary" aria-hidden />
              ) : (
                <ArticleIcon fontSize="small" aria-hidden />
              )}
              <Typography variant="body2" noWrap>
                {dragging.name}
              </Typography>
            </Paper>
          )}
        </DragOverlay>
      </DndContext>

      <NameDialog
        open={folderDialog !== null}
        title={folderDialog?.kind === 'rename' ? 'Rename folder' : 'Create folder'}
        label="Folder name"
        initial={folderDialog?.kind === 'rename' ? folderDialog.folder.name : ''}
        submitLabel={folderDialog?.kind === 'rename' ? 'Rename' : LIBRARY_TEXTS.create}
        busy={actions.savingFolder}
        onSubmit={async (name) => {
          const problem =
            folderDialog?.kind === 'rename'
              ? await actions.renameFolder(folderDialog.folder, name)
              : await actions.createFolder(name, view.folderId);
          if (!problem) setFolderDialog(null);
          return problem;
        }}
        onCancel={() => setFolderDialog(null)}
      />
      <PromptDialog
        prompt={promptDialog}
        knownTags={(tree.tags ?? []).map((t) => t.tag)}
        available={available}
        onSubmit={async (draft) => {
          const editing = promptDialog !== null && promptDialog !== 'new' ? promptDialog.id : null;
          const problem = await actions.savePrompt({ ...draft, folderId: view.folderId }, editing);
          if (!problem) setPromptDialog(null);
          return problem;
        }}
        saving={actions.savingPrompt}
        onCancel={() => setPromptDialog(null)}
      />
      <ImportDialog
        open={importOpen}
        folderName={here.name}
        onImportLines={(text) => actions.importLines(text, view.folderId)}
        onImportFile={(text) => actions.importFile(text, view.folderId)}
        importing={actions.importing}
        onClose={() => setImportOpen(false)}
      />
      <MoveDialog
        subject={moving}
        folders={tree.folders}
        onMove={(target) => {
          const subject = moving!;
          setMoving(null);
          void actions.move(subject.kind === 'folder' ? { folderIds: [subject.id] } : { promptIds: [subject.id] }, subject.name, {
            id: target,
            name: folderName(target),
          });
        }}
        onCancel={() => setMoving(null)}
      />
      <DeleteDialog
        target={deleting}
        onConfirm={(target) => {
          setDeleting(null);
          void actions.remove(target);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Container>
  );
}
