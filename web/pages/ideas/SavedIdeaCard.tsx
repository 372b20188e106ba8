import { Box, Button, Card, CardActions, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SlideshowIcon from '@mui/icons-material/SlideshowOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { pitchDeckPathFor } from '@/shared/core/pitchDeck/deck.ts';
import { PITCH_DECK_TEXTS } from '@/shared/core/pitchDeck/texts.ts';
import type { StartupIdea } from '@/shared/core/ideas.ts';

export const savedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** One saved idea in the grid: name, the start of its description, the date; View and Delete. */
export function SavedIdeaCard({
  idea,
  onView,
  onDelete,
}: {
  idea: StartupIdea;
  onView: () => void;
  /** Absent for view-only accounts. */ onDelete?: () => void;
}) {
  return (
    <Card component="li" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {idea.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Saved <time dateTime={idea.createdAt}>{savedOn(idea.createdAt)}</time>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            mt: 1.5,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {idea.description}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'space-between' }}>
        <Button variant="outlined" size="small" onClick={onView}>
          View
          <Box component="span" sx={visuallyHidden}>
            {` ${idea.name}`}
          </Box>
        </Button>
        {onDelete && (
          <Button
            component={RouterLink}
            to={pitchDeckPathFor('idea', idea.id)}
            size="small"
            startIcon={<SlideshowIcon />}
            sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
          >
            {PITCH_DECK_TEXTS.makeDeck}
            <Box component="span" sx={visuallyHidden}>
              {` from ${idea.name}`}
            </Box>
          </Button>
        )}
        {onDelete && (
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${idea.name}`} onClick={onDelete}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
}
