import { Box, IconButton, ListItemButton, Stack, Tooltip, Typography } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import HistoryIcon from '@mui/icons-material/History';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import type { PromptCard } from '@/shared/data/promptLibrary/library.ts';
import type { RecentPrompt } from '@/shared/ext/items.ts';
import { relativeTime } from '../time.ts';

/** The rows of the panel's library lists: a folder, a prompt (with its favourite star), a recent run. */

const rowSx = { borderRadius: 2, py: 0.75, px: 1.25, gap: 1.25, alignItems: 'center' } as const;

export function FolderRow({ folder, onOpen }: { folder: LibraryFolder; onOpen: () => void }) {
  return (
    <Box component="li">
      <ListItemButton onClick={onOpen} sx={rowSx} aria-label={`Open folder ${folder.name}`}>
        <FolderOutlinedIcon fontSize="small" color="primary" />
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
          {folder.name}
        </Typography>
        <ChevronRightIcon fontSize="small" color="action" />
      </ListItemButton>
    </Box>
  );
}

export function PromptRow({ prompt, onOpen, onToggleFavorite }: { prompt: PromptCard; onOpen: () => void; onToggleFavorite: () => void }) {
  const label = prompt.isFavorite ? `Remove ${prompt.name} from favourites` : `Add ${prompt.name} to favourites`;
  return (
    <Stack component="li" direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
      <ListItemButton
        onClick={onOpen}
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
        <IconButton aria-label={label} aria-pressed={prompt.isFavorite} onClick={onToggleFavorite} size="small">
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
