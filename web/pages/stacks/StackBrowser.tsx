import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOffOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  filterStackPrompts,
  hasActiveFilters,
  stacksEmptyState,
  STACK_TEXTS,
  type StackCategory,
  type StackFilter,
  type StackPrompt,
} from '@/shared/core/promptStacks.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { CategoryCards } from './CategoryCards.tsx';
import { StackPromptCard } from './StackPromptCard.tsx';

export interface StackBrowserProps {
  categories: readonly StackCategory[];
  prompts: readonly StackPrompt[];
  filter: StackFilter;
  onFilter: (next: StackFilter) => void;
  signedIn: boolean;
  /** The user's own prompts could not be read (the free stacks still show). */
  ownError: string | null;
  onRetry: () => void;
}

/** Category cards, search, Clear Filters, the prompt grid and its three empty texts. */
export function StackBrowser({ categories, prompts, filter, onFilter, signedIn, ownError, onRetry }: StackBrowserProps) {
  const shown = filterStackPrompts(prompts, filter);
  const empty = stacksEmptyState(shown.length, filter, signedIn);
  const category = categories.find((c) => c.key === filter.categoryKey);

  return (
    <Stack spacing={4}>
      {ownError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          Error fetching your prompts: {ownError}
        </Alert>
      )}
      <Box component="section" aria-labelledby="stack-categories-title">
        <Typography id="stack-categories-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Categories
        </Typography>
        <CategoryCards
          categories={categories}
          selected={filter.categoryKey}
          onSelect={(categoryKey) => onFilter({ ...filter, categoryKey })}
        />
      </Box>

      <Box component="section" aria-labelledby="stack-prompts-title">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography id="stack-prompts-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {category ? category.name : 'All prompts'}
          </Typography>
          <TextField
            type="search"
            size="small"
            label="Search prompts"
            value={filter.search}
            onChange={(e) => onFilter({ ...filter, search: e.target.value })}
            sx={{ width: { xs: '100%', sm: 300 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button
            variant="outlined"
            startIcon={<FilterAltOffIcon />}
            onClick={() => onFilter({ search: '', categoryKey: null })}
            disabled={!hasActiveFilters(filter)}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {STACK_TEXTS.clearFilters}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1.5 }}>
          {shown.length === 1 ? '1 prompt' : `${shown.length} prompts`}
          {hasActiveFilters(filter) ? ` of ${prompts.length}` : ''}
        </Typography>
        {empty.text ? (
          <Box sx={{ textAlign: 'center', py: 5, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: empty.showMyPromptsLink ? 2 : 0 }}>
              {empty.text}
            </Typography>
            {empty.showMyPromptsLink && (
              <Button component={RouterLink} to={ROUTES.myPrompts} variant="contained">
                Go to My Prompts
              </Button>
            )}
          </Box>
        ) : (
          <Box
            component="ul"
            aria-label="Prompts"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {shown.map((prompt) => (
              <StackPromptCard key={`${prompt.source}:${prompt.id}`} prompt={prompt} />
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
