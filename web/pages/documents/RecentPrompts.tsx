import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { ROUTES } from '../../../shared/core/routes.ts';
import { listRecentPrompts, type PromptCard } from '../../../shared/data/prompts.ts';
import { supabase } from '../../lib/supabase.ts';

/** The 5 most recent saved prompts. */
const RECENT_PROMPTS = 5;

type Recent = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; prompts: PromptCard[] };

/** The latest saved prompts; a click fills the generator with one. `version` changes after a save. */
export function RecentPrompts({ version, onPick }: { version: number; onPick: (id: string) => Promise<boolean> }) {
  const [recent, setRecent] = useState<Recent>({ status: 'loading' });
  const [loadingId, setLoadingId] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await listRecentPrompts(supabase, RECENT_PROMPTS);
    setRecent(result.error ? { status: 'error', message: result.error.message } : { status: 'ready', prompts: result.data });
  }, []);

  useEffect(() => {
    void load();
  }, [load, version]);

  const pick = async (id: string) => {
    setLoadingId(id);
    await onPick(id);
    setLoadingId(null);
  };

  return (
    <Card component="section" aria-labelledby="recent-prompts-title">
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id="recent-prompts-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Recent prompts
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Your {RECENT_PROMPTS} latest saved prompts. Pick one to fill the generator.
        </Typography>
        {recent.status === 'loading' && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label="Loading recent prompts" />
          </Box>
        )}
        {recent.status === 'error' && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void load()}>Try again</Button>}>
            Error fetching prompts: {recent.message}
          </Alert>
        )}
        {recent.status === 'ready' && recent.prompts.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            No saved prompts yet. Write one and press <strong>Save prompt</strong>.
          </Typography>
        )}
        {recent.status === 'ready' && recent.prompts.length > 0 && (
          <List dense aria-label="Recent prompts" disablePadding sx={{ mx: -1 }}>
            {recent.prompts.map((p) => (
              <ListItem key={p.id} disablePadding>
                <ListItemButton onClick={() => void pick(p.id)} disabled={loadingId !== null} sx={{ borderRadius: 1.5, alignItems: 'flex-start', px: 1 }}>
                  <ListItemText
                    primary={p.name}
                    secondary={p.preview}
                    slotProps={{
                      primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                      secondary: { sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } },
                    }}
                  />
                  {loadingId === p.id && <CircularProgress size={16} aria-label="Loading the prompt" sx={{ ml: 1, mt: 0.5 }} />}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Link component={RouterLink} to={ROUTES.myPrompts} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
          All your prompts
        </Link>
      </CardContent>
    </Card>
  );
}
