import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { moveId, type FreeCategoryDraft, type FreePromptDraft } from '@/shared/core/admin/catalog.ts';
import { CATALOG_TEXTS } from '@/shared/core/admin/catalogTexts.ts';
import * as data from '@/shared/data/admin/catalog.ts';
import type { AdminFreeCatalog, AdminFreeCategory, AdminFreePrompt } from '@/shared/data/admin/catalog.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { adminQueries, useCatalogWriteMutation } from '@/web/queries/admin.ts';
import { FreeCategoryDialog } from './FreeCategoryDialog.tsx';
import { FreePromptDialog } from './FreePromptDialog.tsx';
import { RowActions } from './RowActions.tsx';
import { EmptyBox } from './RecommendedSection.tsx';

type Editing =
  | { kind: 'category'; category: AdminFreeCategory | null }
  | { kind: 'prompt'; category: AdminFreeCategory; prompt: AdminFreePrompt | null };
type Deleting = { kind: 'category'; category: AdminFreeCategory; count: number } | { kind: 'prompt'; prompt: AdminFreePrompt };

/** The free prompt stacks: categories and their prompts, added, edited, ordered and deleted. */
export function FreeStacksSection() {
  const query = useQuery(adminQueries.catalogFree());
  const { busy, write } = useCatalogWriteMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const catalog = query.data;

  const saveCategory = async (draft: FreeCategoryDraft) => {
    if (!catalog || editing?.kind !== 'category') return;
    const { category } = editing;
    const done = await write(
      () =>
        category
          ? data.updateFreeCategory(supabase, category.id, draft)
          : data.createFreeCategory(
              supabase,
              draft,
              catalog.categories.map((c) => c.id),
            ),
      CATALOG_TEXTS.saved(draft.name.trim()),
    );
    if (done) setEditing(null);
  };
  const savePrompt = async (draft: FreePromptDraft) => {
    if (!catalog || editing?.kind !== 'prompt') return;
    const { category, prompt } = editing;
    const position = catalog.prompts.filter((p) => p.categoryId === category.id).length;
    const done = await write(
      () =>
        prompt
          ? data.updateFreePrompt(supabase, prompt.id, draft)
          : data.createFreePrompt(supabase, category.id, draft, { takenIds: catalog.prompts.map((p) => p.id), position }),
      CATALOG_TEXTS.saved(draft.name.trim()),
    );
    if (done) setEditing(null);
  };
  const remove = async (target: Deleting) => {
    setDeleting(null);
    if (target.kind === 'category') {
      await write(() => data.deleteFreeCategory(supabase, target.category.id), CATALOG_TEXTS.deleted(target.category.name));
    } else {
      await write(() => data.deleteFreePrompt(supabase, target.prompt.id), CATALOG_TEXTS.deleted(target.prompt.name));
    }
  };
  const moveCategory = (c: AdminFreeCatalog, id: string, delta: -1 | 1) =>
    void write(
      () =>
        data.reorderFreeCategories(
          supabase,
          moveId(
            c.categories.map((x) => x.id),
            id,
            delta,
          ),
        ),
      null,
    );
  const movePrompt = (prompts: AdminFreePrompt[], id: string, delta: -1 | 1) =>
    void write(
      () =>
        data.reorderFreePrompts(
          supabase,
          moveId(
            prompts.map((x) => x.id),
            id,
            delta,
          ),
        ),
      null,
    );

  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'category', category: null })}>
          Add category
        </Button>
      </Box>
      <QueryState
        query={query}
        loadingLabel="Loading the free prompt stacks"
        errorText={(message) => `Could not load the free prompt stacks: ${message}`}
        isEmpty={(c) => c.categories.length === 0}
        empty={<EmptyBox text={CATALOG_TEXTS.noCategories} />}
      >
        {(c) => (
          <Stack spacing={2} component="ul" aria-label="Free categories" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {c.categories.map((category, ci) => {
              const prompts = c.prompts.filter((p) => p.categoryId === category.id);
              return (
                <Paper
                  component="li"
                  key={category.id}
                  variant="outlined"
                  sx={{ borderRadius: 3, p: { xs: 1.5, sm: 2 } }}
                  aria-label={category.name}
                >
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
                  >
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="h6" component="h3" sx={{ wordBreak: 'break-word' }}>
                        {category.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {category.description || 'No description'} · {prompts.length} prompt{prompts.length === 1 ? '' : 's'}
                      </Typography>
                    </Box>
                    <RowActions
                      name={`category ${category.name}`}
                      first={ci === 0}
                      last={ci === c.categories.length - 1}
                      disabled={busy}
                      onMove={(delta) => moveCategory(c, category.id, delta)}
                      onEdit={() => setEditing({ kind: 'category', category })}
                      onDelete={() => setDeleting({ kind: 'category', category, count: prompts.length })}
                    />
                  </Stack>
                  {prompts.length === 0 ? (
                    <Typography variant="body2" color="text.secondary" sx={{ my: 1.5 }}>
                      {CATALOG_TEXTS.emptyCategory}
                    </Typography>
                  ) : (
                    <List aria-label={`Prompts of ${category.name}`} dense sx={{ my: 1 }}>
                      {prompts.map((p, pi) => (
                        <ListItem
                          key={p.id}
                          divider={pi < prompts.length - 1}
                          sx={{ px: 0, gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
                        >
                          <ListItemText
                            primary={p.name}
                            secondary={
                              <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                                <span>{`${p.questions.length} question${p.questions.length === 1 ? '' : 's'}`}</span>
                                {p.isPremium && <Chip component="span" size="small" label="Premium" color="secondary" variant="outlined" />}
                              </Box>
                            }
                            slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                          />
                          <RowActions
                            name={p.name}
                            first={pi === 0}
                            last={pi === prompts.length - 1}
                            disabled={busy}
                            onMove={(delta) => movePrompt(prompts, p.id, delta)}
                            onEdit={() => setEditing({ kind: 'prompt', category, prompt: p })}
                            onDelete={() => setDeleting({ kind: 'prompt', prompt: p })}
                          />
                        </ListItem>
                      ))}
                    </List>
                  )}
                  <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'prompt', category, prompt: null })}>
                    Add prompt to {category.name}
                  </Button>
                </Paper>
              );
            })}
          </Stack>
        )}
      </QueryState>
      {editing?.kind === 'category' && (
        <FreeCategoryDialog
          category={editing.category}
          saving={busy}
          onSave={(d) => void saveCategory(d)}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'prompt' && (
        <FreePromptDialog
          prompt={editing.prompt}
          categoryName={editing.category.name}
          saving={busy}
          onSave={(d) => void savePrompt(d)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'category' ? 'Delete category' : 'Delete prompt'}
        confirmLabel="Delete"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting?.kind === 'category'
          ? CATALOG_TEXTS.deleteCategory(deleting.category.name, deleting.count)
          : deleting
            ? CATALOG_TEXTS.deletePrompt(deleting.prompt.name)
            : ''}
      </ConfirmDialog>
    </Stack>
  );
}
