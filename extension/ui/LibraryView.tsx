import { useDeferredValue, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  InputAdornment,
  LinearProgress,
  Link,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { LIBRARY_ERRORS, LIBRARY_TEXTS, ROOT_CRUMB, type Crumb } from '@/shared/core/promptLibrary/library.ts';
import { STACK_TEXTS } from '@/shared/core/promptStacks.ts';
import { extItems, NO_RECENT_PROMPTS, recentPromptsOf, type RecentPrompt } from '@/extension/lib/items.ts';
import type { AuthUser } from '@/extension/lib/messaging.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { FolderRow, PromptRow, RecentRow } from './LibraryRows.tsx';
import { PANEL_TEXTS } from './panelTexts.ts';
import { useLibraryList, type LibraryMode } from './useLibraryList.ts';
import { useStoredItem } from './useStoredItem.ts';

/**
 * The side panel's library: folders (with a breadcrumb), favourites and recently run prompts,
 * and a search over the whole library. Choosing a prompt opens it to run.
 */

export interface LibraryViewProps {
  /** The signed-in account (its library root is remembered for the next opening). */
  user: AuthUser;
  onOpenPrompt: (prompt: { id: string; name: string }) => void;
  onOpenDashboard: (path: string) => void;
}

const SEARCH_DELAY_MS = 250;
/** Prompt rows in the panel's first paint (a tall panel shows about 14); the rest follow right after, in a background render. */
const FIRST_PAINT_ROWS = 16;

export function LibraryView({ user, onOpenPrompt, onOpenDashboard }: LibraryViewProps) {
  const notify = useNotify();
  const [mode, setMode] = useState<LibraryMode>('folders');
  const [path, setPath] = useState<Crumb[]>([ROOT_CRUMB]);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const folderId = path[path.length - 1]!.id;
  const list = useLibraryList(user, mode, folderId, query);
  const recent = recentPromptsOf(useStoredItem(extItems.recentPrompts, NO_RECENT_PROMPTS), user.id);
  const rowsDrawn = useDeferredValue(list.prompts.length, Math.min(list.prompts.length, FIRST_PAINT_ROWS));

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const searching = query.length > 0;
  const showRecent = mode === 'recent' && !searching;
  const toggleFavorite = async (prompt: Parameters<typeof list.toggleFavorite>[0]) => {
    const error = await list.toggleFavorite(prompt);
    if (error) notify(LIBRARY_ERRORS.update(error));
  };

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <TextField
        type="search"
        size="small"
        placeholder={PANEL_TEXTS.search}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': PANEL_TEXTS.search, 'data-fd': 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {!searching && (
        <ToggleButtonGroup
          exclusive
          size="small"
          fullWidth
          value={mode}
          onChange={(_e, value: LibraryMode | null) => value && setMode(value)}
          aria-label={PANEL_TEXTS.show}
        >
          {(['folders', 'favorites', 'recent'] as const).map((value) => (
            <ToggleButton key={value} value={value} data-fd={`mode:${value}`}>
              {PANEL_TEXTS.modes[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {mode === 'folders' && !searching && path.length > 1 && (
        <Breadcrumbs aria-label="Folder path" maxItems={3} sx={{ '& .MuiBreadcrumbs-ol': { flexWrap: 'wrap' } }}>
          {path.map((crumb, index) =>
            index === path.length - 1 ? (
              <Typography key={crumb.id ?? 'root'} variant="body2" color="text.primary" sx={{ fontWeight: 600 }} aria-current="page">
                {crumb.name}
              </Typography>
            ) : (
              <Link
                key={crumb.id ?? 'root'}
                component="button"
                type="button"
                variant="body2"
                onClick={() => setPath(path.slice(0, index + 1))}
              >
                {crumb.name}
              </Link>
            ),
          )}
        </Breadcrumbs>
      )}

      {showRecent ? (
        <RecentList recent={recent} onOpenPrompt={onOpenPrompt} />
      ) : (
        <Box aria-busy={list.status === 'loading'} sx={{ minHeight: 120, position: 'relative' }}>
          {/* In the gap above the rows, so they do not move when it goes. */}
          {list.status === 'loading' && (
            <LinearProgress aria-label={PANEL_TEXTS.loadingPrompts} sx={{ position: 'absolute', top: -8, left: 0, right: 0 }} />
          )}
          {list.status === 'error' && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={list.reload}>
                  Retry
                </Button>
              }
            >
              <strong>{LIBRARY_ERRORS.fetchYourPrompts('').title}</strong>
              <br />
              {list.error}
            </Alert>
          )}
          {list.status === 'ready' && list.folders.length === 0 && list.prompts.length === 0 && (
            <EmptyText mode={searching ? 'search' : mode} onOpenDashboard={onOpenDashboard} />
          )}
          <Stack
            component="ul"
            aria-label={searching ? 'Search results' : PANEL_TEXTS.promptsList}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            spacing={0.5}
          >
            {!searching &&
              mode === 'folders' &&
              list.folders.map((folder) => (
                <FolderRow key={folder.id} folder={folder} onOpen={() => setPath([...path, { id: folder.id, name: folder.name }])} />
              ))}
            {list.prompts.slice(0, Math.max(rowsDrawn, FIRST_PAINT_ROWS)).map((prompt) => (
              <PromptRow
                key={prompt.id}
                prompt={prompt}
                onOpen={() => onOpenPrompt(prompt)}
                onToggleFavorite={() => void toggleFavorite(prompt)}
              />
            ))}
          </Stack>
          {list.status === 'ready' && list.prompts.length < list.total && (
            <Button fullWidth onClick={list.showMore} sx={{ mt: 1 }}>
              Show more ({list.total - list.prompts.length} left)
            </Button>
          )}
        </Box>
      )}
    </Stack>
  );
}

function RecentList({ recent, onOpenPrompt }: { recent: RecentPrompt[]; onOpenPrompt: LibraryViewProps['onOpenPrompt'] }) {
  if (!recent.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        Prompts you run from the side panel appear here.
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label="Recently run prompts" sx={{ listStyle: 'none', m: 0, p: 0 }} spacing={0.5}>
      {recent.map((item) => (
        <RecentRow key={item.id} item={item} onOpen={() => onOpenPrompt(item)} />
      ))}
    </Stack>
  );
}

function EmptyText({ mode, onOpenDashboard }: { mode: LibraryMode | 'search'; onOpenDashboard: (path: string) => void }) {
  const text =
    mode === 'search'
      ? STACK_TEXTS.noMatch
      : mode === 'favorites'
        ? 'No favourites yet. Star a prompt to keep it here and in the right-click menu.'
        : LIBRARY_TEXTS.empty;
  return (
    <Stack spacing={1.5} sx={{ py: 3, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      {mode === 'folders' && (
        <Button variant="outlined" size="small" onClick={() => onOpenDashboard('/my-prompts')}>
          Open My Prompts in the dashboard
        </Button>
      )}
    </Stack>
  );
}
