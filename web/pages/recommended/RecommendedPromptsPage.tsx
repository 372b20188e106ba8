import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  InputAdornment,
  Pagination,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { ALL_CATEGORIES, RECOMMENDED_PAGE_SIZE, RECOMMENDED_TEXTS, type RecommendedPrompt } from '@/shared/core/recommendedPrompts.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { PromptPreviewDialog } from './PromptPreviewDialog.tsx';
import { RecommendedCard } from './RecommendedCard.tsx';
import { SaveToLibraryDialog } from './SaveToLibraryDialog.tsx';
import { useRecommended } from './useRecommended.ts';

/** Typing settles for this long before the catalogue is searched. */
const SEARCH_DELAY_MS = 300;

/**
 * /recommended-prompts: the public catalogue by category
 * then name, searched by name, description or tag, category tabs, numbered pages of 9, and a
 * copy saved into the user's library. Search, tab and page live in the address.
 */
export function RecommendedPromptsPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const category = params.get('category') || null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { state, categories, reload } = useRecommended({ search, category, page });
  const [typed, setTyped] = useState(search);
  const [previewing, setPreviewing] = useState<RecommendedPrompt | null>(null);
  const [saving, setSaving] = useState<RecommendedPrompt | null>(null);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  // The typed search reaches the address (and the query) once typing pauses; a new search starts on page 1.
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => update({ q: typed.trim() ? typed : null, page: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // `update` is rebuilt every render; the address is all it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, search]);

  // A page past the end (fewer results now) was shown as the last page: say so in the address.
  const shown = state.status === 'ready' ? state.page : state.status === 'loading' ? state.previous : null;
  useEffect(() => {
    if (state.status === 'ready' && state.page.page !== page) update({ page: state.page.page > 1 ? String(state.page.page) : null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const tabs = [ALL_CATEGORIES, ...(categories ?? [])];
  const first = shown ? (shown.page - 1) * RECOMMENDED_PAGE_SIZE + 1 : 0;
  const last = shown ? first + shown.prompts.length - 1 : 0;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader
        title="Recommended Prompts"
        subtitle="Hand-picked prompts for marketing and everyday work. Preview one, then save a copy into your library."
      />
      <Stack spacing={3}>
        <TextField
          type="search"
          label="Search by name, description or tag"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          size="small"
          sx={{ maxWidth: { sm: 480 } }}
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
        <Tabs
          value={category && tabs.includes(category) ? category : ALL_CATEGORIES}
          onChange={(_e, value: string) => update({ category: value === ALL_CATEGORIES ? null : value, page: null })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Categories"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((name) => (
            <Tab key={name} value={name} label={name} />
          ))}
        </Tabs>

        {state.status === 'error' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={reload}>
                Try again
              </Button>
            }
          >
            {RECOMMENDED_TEXTS.loadFailed(state.message).title}: {state.message}
          </Alert>
        )}
        {state.status === 'loading' && !shown && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading recommended prompts" />
          </Box>
        )}
        {shown && (
          <Box aria-busy={state.status === 'loading'} sx={{ opacity: state.status === 'loading' ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1.5 }}>
              {shown.total === 0 ? RECOMMENDED_TEXTS.noResults : `Showing ${first}–${last} of ${shown.total} prompts`}
            </Typography>
            {shown.total > 0 && (
              <Box
                component="ul"
                aria-label="Recommended prompts"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
                }}
              >
                {shown.prompts.map((prompt) => (
                  <RecommendedCard
                    key={prompt.id}
                    prompt={prompt}
                    onPreview={() => setPreviewing(prompt)}
                    onSave={() => setSaving(prompt)}
                  />
                ))}
              </Box>
            )}
            {shown.pageCount > 1 && (
              <Pagination
                count={shown.pageCount}
                page={shown.page}
                onChange={(_e, next) => {
                  update({ page: next > 1 ? String(next) : null });
                  window.scrollTo({ top: 0 });
                }}
                color="primary"
                sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
              />
            )}
          </Box>
        )}
      </Stack>
      {previewing && (
        <PromptPreviewDialog
          prompt={previewing}
          onClose={() => setPreviewing(null)}
          onSave={() => {
            setSaving(previewing);
            setPreviewing(null);
          }}
        />
      )}
      {saving && <SaveToLibraryDialog prompt={saving} onClose={() => setSaving(null)} />}
    </Container>
  );
}
