import { Link as RouterLink } from 'react-router-dom';
import { useDraggable } from '@dnd-kit/core';
import { memo } from 'react';
import { Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarBorder';
import { LIBRARY_TEXTS } from '@/shared/core/promptLibrary/library.ts';
import { PROVIDER_IDS, PROVIDER_KEYS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { runPromptPath } from '@/shared/core/routes.ts';
import type { PromptCard as Card } from '@/shared/data/promptLibrary/library.ts';
import { ABOVE_LINK, CardTitleLink, DragHandle, dragId, LinkedCard } from './cardParts.tsx';

const SHOWN_TAGS = 3;

/** What a prompt runs with, when it is not the plain default (OpenAI with its default model). */
function runsWith(card: Card): string | null {
  if (card.llmProvider === 'openai' && !card.model) return null;
  const provider = (PROVIDER_IDS as readonly string[]).includes(card.llmProvider)
    ? PROVIDER_KEYS[card.llmProvider as ProviderId].label
    : card.llmProvider;
  return card.model ? `${provider} · ${card.model}` : provider;
}

export interface PromptCardProps {
  card: Card;
  /** The folder path shown on cards listed across folders (search, favourites, tags). */
  folderPath?: string;
  draggable: boolean;
  onEdit: (card: Card) => void;
  onMove: (card: Card) => void;
  onDelete: (card: Card) => void;
  onToggleFavorite: (card: Card) => void;
  onTag: (tag: string) => void;
}

/**
 * Prompt card: edit, delete and 'Use Prompt' (the card itself also opens
 * /run-prompt/{id}); added by this build: star, tags, move. Memoised: a change to one card (a star) re-renders
 * that card only.
 */
export const PromptCard = memo(function PromptCard({ card, folderPath, draggable, ...on }: PromptCardProps) {
  const drag = useDraggable({
    id: dragId({ kind: 'prompt', id: card.id }),
    data: { kind: 'prompt', id: card.id, name: card.name },
    disabled: !draggable,
  });
  const runPath = runPromptPath(card.id);
  const extra = card.tags.length - SHOWN_TAGS;
  const runs = runsWith(card);
  const favoriteLabel = card.isFavorite ? `Remove ${card.name} from favourites` : `Add ${card.name} to favourites`;

  return (
    <LinkedCard label={card.name} dataId={card.id} dimmed={drag.isDragging} cardRef={drag.setNodeRef}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        {draggable && <DragHandle setRef={drag.setActivatorNodeRef} listeners={drag.listeners} />}
        <CardTitleLink to={runPath}>{card.name}</CardTitleLink>
        <IconButton
          size="small"
          aria-label={favoriteLabel}
          aria-pressed={card.isFavorite}
          onClick={() => on.onToggleFavorite(card)}
          sx={{ ...ABOVE_LINK, mr: -0.75 }}
        >
          {card.isFavorite ? <StarIcon fontSize="small" sx={{ color: 'warning.main' }} /> : <StarOutlineIcon fontSize="small" />}
        </IconButton>
      </Stack>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: folderPath === undefined ? 3 : 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          wordBreak: 'break-word',
          flexShrink: 0,
        }}
      >
        {card.description || card.preview}
      </Typography>
      {folderPath !== undefined && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}>
          <FolderIcon sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="caption" noWrap title={folderPath}>
            <Box component="span" sx={visuallyHidden}>
              In{' '}
            </Box>
            {folderPath}
          </Typography>
        </Stack>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {(card.tags.length > 0 || runs) && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', overflow: 'hidden', minWidth: 0 }}>
          {card.tags.slice(0, SHOWN_TAGS).map((tag) => (
            <Chip
              key={tag}
              label={tag}
              size="small"
              variant="outlined"
              onClick={() => on.onTag(tag)}
              aria-label={`Show prompts tagged ${tag}`}
              sx={{ ...ABOVE_LINK, maxWidth: 120 }}
            />
          ))}
          {extra > 0 && (
            <Typography variant="caption" color="text.secondary" title={card.tags.slice(SHOWN_TAGS).join(', ')}>
              +{extra}
            </Typography>
          )}
          {runs && (
            <Typography variant="caption" color="text.secondary" noWrap sx={{ ml: 'auto !important', pl: 1 }} title={`Runs with ${runs}`}>
              {runs}
            </Typography>
          )}
        </Stack>
      )}
      <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', borderTop: 1, borderColor: 'divider', pt: 1 }}>
        <IconButton size="small" aria-label={`Edit ${card.name}`} onClick={() => on.onEdit(card)} sx={ABOVE_LINK}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={`Move ${card.name} to…`} onClick={() => on.onMove(card)} sx={ABOVE_LINK}>
          <MoveIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={`Delete ${card.name}`} onClick={() => on.onDelete(card)} sx={ABOVE_LINK}>
          <DeleteIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          component={RouterLink}
          to={runPath}
          size="small"
          variant="contained"
          disableElevation
          sx={ABOVE_LINK}
          aria-label={`Use Prompt ${card.name}`}
        >
          {LIBRARY_TEXTS.usePrompt}
        </Button>
      </Stack>
    </LinkedCard>
  );
});
