import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import type { RecommendedPrompt } from '@/shared/core/recommendedPrompts.ts';
import { TagList } from './TagList.tsx';

/** A catalogue card: name, category, description, tags; Preview and Save to library. */
export function RecommendedCard({ prompt, onPreview, onSave }: { prompt: RecommendedPrompt; onPreview: () => void; onSave: () => void }) {
  return (
    <Card component="li" variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Chip size="small" color="primary" variant="outlined" label={prompt.category} sx={{ mb: 1 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3, mb: 0.75, overflowWrap: 'anywhere' }}>
          {prompt.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {prompt.description}
        </Typography>
        <TagList tags={prompt.tags} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<VisibilityIcon fontSize="small" />}
            onClick={onPreview}
            aria-label={`Preview: ${prompt.name}`}
          >
            Preview
          </Button>
          <Button
            size="small"
            variant="contained"
            startIcon={<BookmarkAddIcon fontSize="small" />}
            onClick={onSave}
            aria-label={`Save to library: ${prompt.name}`}
          >
            Save to library
          </Button>
        </Stack>
      </CardActions>
    </Card>
  );
}
