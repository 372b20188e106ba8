import { useEffect, useRef, useState } from 'react';
import { Autocomplete, Box, Button, FormControl, IconButton, InputAdornment, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import { SORT_OPTIONS, type LibrarySort } from '@/shared/core/promptLibrary/sort.ts';
import type { LibraryView } from '@/shared/core/promptLibrary/view.ts';
import type { LibraryTag } from '@/shared/data/promptLibrary/browse.ts';

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

export interface LibraryToolbarProps {
  view: LibraryView;
  tags: LibraryTag[] | null;
  onChange: (change: Partial<LibraryView>, options?: { replace?: boolean }) => void;
}

/** Search across the library, the favourites view, a tag filter and the sort (Name A-Z, Name Z-A, Newest, Oldest). */
export function LibraryToolbar({ view, tags, onChange }: LibraryToolbarProps) {
  const searching = view.query.trim() !== '';
  return (
    <Box
      role="search"
      aria-label="Search and filter prompts"
      sx={{
        mb: 2.5,
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: 'minmax(0, 1fr) auto 200px 150px' },
        gridTemplateAreas: { xs: '"search search" "fav sort" "tag tag"', md: '"search fav tag sort"' },
      }}
    >
      <SearchField query={view.query} onSearch={(query, replace) => onChange({ query }, { replace })} />
      <Button
        variant={view.favorites ? 'contained' : 'outlined'}
        aria-pressed={view.favorites}
        onClick={() => onChange({ favorites: !view.favorites, query: '' })}
        startIcon={<StarIcon fontSize="small" aria-hidden />}
        sx={{ gridArea: 'fav', height: 40, whiteSpace: 'nowrap' }}
      >
        Favourites
      </Button>
      <Autocomplete
        size="small"
        sx={{ gridArea: 'tag' }}
        options={tags ?? []}
        loading={tags === null}
        getOptionLabel={(t) => t.tag}
        isOptionEqualToValue={(a, b) => a.tag.toLowerCase() === b.tag.toLowerCase()}
        value={
          view.tag
            ? (tags?.find((t) => t.spellings.some((s) => s.toLowerCase() === view.tag!.toLowerCase())) ?? {
                tag: view.tag,
                spellings: [view.tag],
                prompts: 0,
              })
            : null
        }
        onChange={(_e, tag) => onChange({ tag: tag?.tag ?? null, query: '' })}
        renderOption={(props, t) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              {t.tag}
              <span style={{ marginLeft: 'auto', paddingLeft: 12, opacity: 0.7 }}>{t.prompts}</span>
            </li>
          );
        }}
        noOptionsText="No tags yet"
        renderInput={(params) => <TextField {...params} label="Tag" />}
      />
      {!searching && (
        <FormControl size="small" sx={{ gridArea: 'sort' }}>
          <InputLabel id="library-sort-label">Sort by</InputLabel>
          <Select
            labelId="library-sort-label"
            label="Sort by"
            value={view.sort}
            onChange={(e) => onChange({ sort: e.target.value as LibrarySort }, { replace: true })}
          >
            {SORT_OPTIONS.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
    </Box>
  );
}

/**
 * The search box: what is typed shows at once, the search itself waits for a pause. The first
 * search is a new history entry (Back returns to the folder), later keystrokes replace it.
 */
function SearchField({ query, onSearch }: { query: string; onSearch: (query: string, replace: boolean) => void }) {
  const [text, setText] = useState(query);
  const sent = useRef(query);
  const search = useRef(onSearch);
  search.current = onSearch;

  // Back/forward (or a filter button) changed the search: show it.
  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      setText(query);
    }
  }, [query]);

  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      const replace = sent.current.trim() !== '' && text.trim() !== '';
      sent.current = text;
      search.current(text, replace);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextField
      size="small"
      type="search"
      label="Search your library"
      placeholder="Name, text or tag"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && text) {
          e.preventDefault();
          setText('');
        }
      }}
      sx={{ gridArea: 'search', '& input::-webkit-search-cancel-button': { display: 'none' } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label="Clear search" onClick={() => setText('')} edge="end">
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
