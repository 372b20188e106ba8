import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Chip,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { filterCatalog, type RecommendedDraft } from '@/shared/core/admin/catalog.ts';
import { CATALOG_TEXTS } from '@/shared/core/admin/catalogTexts.ts';
import { deleteRecommended, saveRecommended, type AdminRecommended } from '@/shared/data/admin/catalog.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { adminQueries, useCatalogWriteMutation } from '@/web/queries/admin.ts';
import { RecommendedDialog } from './RecommendedDialog.tsx';

/** The recommended prompts, hidden ones included: search, add, edit, delete. */
export function RecommendedSection() {
  const query = useQuery(adminQueries.catalogRecommended());
  const { busy, write } = useCatalogWriteMutation();
  const [search, setSearch] = useState('');
  // undefined: closed; null: a new prompt.
  const [editing, setEditing] = useState<AdminRecommended | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminRecommended | null>(null);
  const categories = useMemo(() => [...new Set((query.data ?? []).map((p) => p.category))].sort(), [query.data]);

  const save = async (draft: RecommendedDraft) => {
    const id = editing?.id ?? null;
    if (await write(() => saveRecommended(supabase, id, draft), CATALOG_TEXTS.saved(draft.name.trim()))) setEditing(undefined);
  };
  const remove = async (prompt: AdminRecommended) => {
    setDeleting(null);
    await write(() => deleteRecommended(supabase, prompt.id), CATALOG_TEXTS.deleted(prompt.name));
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name, category or tag"
          sx={{ flex: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search recommended prompts' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
          Add recommended prompt
        </Button>
      </Stack>
      <QueryState
        query={query}
        loadingLabel="Loading the recommended prompts"
        errorText={(message) => `Could not load the recommended prompts: ${message}`}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyBox text={CATALOG_TEXTS.noRecommended} />}
      >
        {(rows) => {
          const shown = filterCatalog(rows, search);
          if (shown.length === 0) return <EmptyBox text={CATALOG_TEXTS.noRecommendedMatch(search.trim())} />;
          return (
            <>
              <Typography variant="body2" color="text.secondary" role="status">
                {shown.length} of {rows.length} prompts
              </Typography>
              <List aria-label="Recommended prompts" sx={{ border: 1, borderColor: 'divider', borderRadius: 3, py: 0 }}>
                {shown.map((p, i) => (
                  <ListItem
                    key={p.id}
                    divider={i < shown.length - 1}
                    secondaryAction={
                      <Stack direction="row">
                        <Tooltip title="Edit">
                          <IconButton aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                            <EditIcon />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
                            <DeleteIcon />
                          </IconButton>
                        </Tooltip>
                      </Stack>
                    }
                    sx={{ pr: 13 }}
                  >
                    <ListItemText
                      primary={p.name}
                      secondary={
                        <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                          <span>{p.category}</span>
                          <Chip
                            component="span"
                            size="small"
                            label={p.isPublic ? 'Public' : 'Hidden'}
                            color={p.isPublic ? 'success' : 'default'}
                            variant="outlined"
                          />
                        </Box>
                      }
                      slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: 'break-word' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          );
        }}
      </QueryState>
      {editing !== undefined && (
        <RecommendedDialog
          prompt={editing}
          categories={categories}
          saving={busy}
          onSave={(draft) => void save(draft)}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete recommended prompt"
        confirmLabel="Delete"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? CATALOG_TEXTS.deleteRecommended(deleting.name) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

export function EmptyBox({ text }: { text: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 5, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
