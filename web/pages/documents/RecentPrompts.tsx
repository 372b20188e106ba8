import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CircularProgress, Link, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { ROUTES } from '@/shared/core/routes.ts';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { webData } from '../run/runSide.ts';

/** The 5 most recent saved prompts. */
const RECENT_PROMPTS = 5;

/** The latest saved prompts; a click fills the generator with one (a save invalidates queryKeys.prompts). */
export function RecentPrompts({ onPick }: { onPick: (id: string) => Promise<boolean> }) {
  const recent = useQuery(promptQueries.recent(webData, RECENT_PROMPTS));
  const [loadingId, setLoadingId] = useState<string | null>(null);

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
        <QueryState
          query={recent}
          loadingLabel="Loading recent prompts"
          spinnerSize={28}
          errorText={(message) => `Error fetching prompts: ${message}`}
          retryColor="inherit"
          retrySize="small"
          isEmpty={(prompts) => prompts.length === 0}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              No saved prompts yet. Write one and press <strong>Save prompt</strong>.
            </Typography>
          }
        >
          {(prompts) => (
            <List dense aria-label="Recent prompts" disablePadding sx={{ mx: -1 }}>
              {prompts.map((p) => (
                <ListItem key={p.id} disablePadding>
                  <ListItemButton
                    onClick={() => void pick(p.id)}
                    disabled={loadingId !== null}
                    sx={{ borderRadius: 1.5, alignItems: 'flex-start', px: 1 }}
                  >
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
        </QueryState>
        <Link component={RouterLink} to={ROUTES.myPrompts} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
          All your prompts
        </Link>
      </CardContent>
    </Card>
  );
}
