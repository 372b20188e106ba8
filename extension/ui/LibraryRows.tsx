import { Box, IconButton, ListItemButton, Stack, Tooltip, Typography } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import HistoryIcon from '@mui/icons-material/History';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { RecentPrompt } from '@/extension/lib/items.ts';
import type { CachedFolder, CachedPrompt } from '@/extension/lib/librarySnapshot.ts';
import { PANEL_TEXTS } from './panelTexts.ts';
import { relativeTime } from '@/shared/ui/time.ts';

/**
 * The rows of the panel's library lists: a folder, a prompt (with its favourite star), a recent run.
 * `data-fd` names each control as the plain first view (firstDrawView.ts) names its twin.
 */

const rowSx = { borderRadius: 2, py: 0.75, px: 1.25, gap: 1.25, alignItems: 'center' } as const;

export function FolderRow({ folder, onOpen }: { folder: CachedFolder; onOpen: () => void }) {
  return (
    <Box component="li">
      <ListItemButton onClick={onOpen} sx={rowSx} aria-label={PANEL_TEXTS.openFolder(folder.name)} data-fd={`folder:${folder.id}`}>
        <FolderOutlinedIcon fontSize="small" color="primary" />
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
          {folder.name}
        </Typography>
        <ChevronRightIcon fontSize="small" color="action" />
      </ListItemButton>
    </Box>
  );
}

export function PromptRow({
  prompt,
  onOpen,
  onToggleFavorite,
}: {
  prompt: CachedPrompt;
  onOpen: () => void;
  onToggleFavorite: () => void;
}) {
  const label = PANEL_TEXTS.favourite(prompt.name, prompt.isFavorite);
  return (
    <Stack component="li" direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
      <ListItemButton
        onClick={onOpen}
        data-fd={`prompt:${prompt.id}`}
        sx={{ ...rowSx, flex: 1, minWidth: 0, alignItems: 'flex-start', flexDirection: 'column', gap: 0.25 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, maxWidth: '100%' }} noWrap>
          {prompt.name}
        </Typography>
        {prompt.preview && (
          <Typography variant="caption" color="text.secondary" sx={{ maxWidth: '100%' }} noWrap>
            {prompt.preview}
          </Typography>
        )}
      </ListItemButton>
      <Tooltip title={prompt.isFavorite ? 'Remove from favourites' : 'Add to favourites'}>
        <IconButton
          aria-label={label}
          aria-pressed={prompt.isFavorite}
          onClick={onToggleFavorite}
          size="small"
          data-fd={`fav:${prompt.id}`}
        >
          {prompt.isFavorite ? <StarIcon fontSize="small" sx={{ color: 'warning.main' }} /> : <StarBorderIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

export function RecentRow({ item, onOpen }: { item: RecentPrompt; onOpen: () => void }) {
  return (
    <Box component="li">
      <ListItemButton onClick={onOpen} sx={rowSx}>
        <HistoryIcon fontSize="small" color="action" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {item.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Ran {relativeTime(item.ranAt)}
          </Typography>
        </Box>
      </ListItemButton>
    </Box>
  );
}
