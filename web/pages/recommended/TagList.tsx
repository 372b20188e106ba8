import { Chip, Stack, Tooltip } from '@mui/material';
import { tagsPreview } from '@/shared/core/recommendedPrompts.ts';

/** The first 3 tags, then '+n more' (the rest in its tooltip and its accessible name). */
export function TagList({ tags }: { tags: readonly string[] }) {
  const { shown, more } = tagsPreview(tags);
  if (!tags.length) return null;
  const hidden = tags.slice(shown.length);
  return (
    <Stack component="ul" aria-label="Tags" direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}>
      {shown.map((tag) => (
        <Chip component="li" key={tag} size="small" label={tag} />
      ))}
      {more && (
        <Tooltip title={hidden.join(', ')}>
          <Chip component="li" size="small" variant="outlined" label={more} tabIndex={0} aria-label={`${more}: ${hidden.join(', ')}`} />
        </Tooltip>
      )}
    </Stack>
  );
}
