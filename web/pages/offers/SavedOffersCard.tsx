import { useState } from 'react';
import { Card, CardContent, IconButton, List, ListItem, ListItemButton, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import MoreIcon from '@mui/icons-material/MoreVert';
import type { OfferSummary } from '@/shared/data/offers.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { NameDialog } from '../files/NameDialog.tsx';
import type { useSavedOffers } from './useSavedOffers.ts';

const when = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Saved offers: open one, or rename, duplicate or delete it from its menu. */
export function SavedOffersCard(props: {
  saved: ReturnType<typeof useSavedOffers>;
  openId: string | null;
  onOpen: (summary: OfferSummary) => void;
  onRenamed: (id: string, title: string) => void;
  onDeleted: (id: string) => void;
}) {
  const { saved, openId } = props;
  const [menu, setMenu] = useState<{ anchor: HTMLElement; offer: OfferSummary } | null>(null);
  const [renaming, setRenaming] = useState<OfferSummary | null>(null);
  const [deleting, setDeleting] = useState<OfferSummary | null>(null);
  const act = (action: (offer: OfferSummary) => void) => {
    const offer = menu?.offer;
    setMenu(null);
    if (offer) action(offer);
  };

  return (
    <Card component="section" aria-labelledby="saved-offers-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="saved-offers-title" variant="h6" component="h2">
          Saved offers
        </Typography>
        <QueryState
          query={saved.query}
          loadingLabel="Loading saved offers"
          spinnerSize={28}
          errorText={(message) => `Error fetching offers: ${message}`}
          alertSx={{ mt: 1 }}
          isEmpty={(offers) => offers.length === 0}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              No saved offers yet. Generate an offer and press Save Offer to keep it here.
            </Typography>
          }
        >
          {(offers) => (
            <List dense aria-label="Saved offers" sx={{ mx: -1, maxHeight: { md: 360 }, overflowY: 'auto' }}>
              {offers.map((offer) => (
                <ListItem
                  key={offer.id}
                  disablePadding
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`More actions for ${offer.title}`}
                      onClick={(e) => setMenu({ anchor: e.currentTarget, offer })}
                    >
                      <MoreIcon />
                    </IconButton>
                  }
                >
                  <ListItemButton
                    selected={offer.id === openId}
                    aria-current={offer.id === openId ? 'true' : undefined}
                    onClick={() => props.onOpen(offer)}
                    sx={{ borderRadius: 2, pr: 6 }}
                  >
                    <ListItemText
                      primary={offer.title}
                      secondary={`${offer.generatedCount} of ${offer.assetCount} generated · ${when(offer.updatedAt)}`}
                      slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </QueryState>
      </CardContent>

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => act(props.onOpen)}>Open</MenuItem>
        <MenuItem onClick={() => act(setRenaming)}>Rename</MenuItem>
        <MenuItem onClick={() => act((offer) => void saved.duplicate(offer))}>Duplicate</MenuItem>
        <MenuItem onClick={() => act(setDeleting)} sx={{ color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>

      <NameDialog
        open={renaming !== null}
        title="Rename offer"
        label="Offer name"
        initial={renaming?.title ?? ''}
        submitLabel="Rename"
        busy={saved.renaming}
        onCancel={() => setRenaming(null)}
        onSubmit={async (name) => {
          const offer = renaming;
          if (!offer) return null;
          const problem = await saved.rename(offer.id, name);
          if (!problem) {
            props.onRenamed(offer.id, name.trim());
            setRenaming(null);
          }
          return problem;
        }}
      />

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this offer?"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const offer = deleting;
          setDeleting(null);
          if (offer) void saved.remove(offer).then((ok) => ok && props.onDeleted(offer.id));
        }}
      >
        "{deleting?.title}" and all its content will be deleted. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
