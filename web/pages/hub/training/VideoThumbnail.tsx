import { useState } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import PlayIcon from '@mui/icons-material/PlayCircleFilledWhiteOutlined';
import { formatDuration, parseVideoUrl, providerName, thumbnailUrl } from '@/shared/core/training.ts';

/**
 * The card's picture: the provider's thumbnail (YouTube), or a neutral tile with the provider's
 * name where there is none (Vimeo) or it does not load. Decorative: the card's heading names the video.
 */
export function VideoThumbnail({ url, durationSeconds }: { url: string; durationSeconds: number | null }) {
  const ref = parseVideoUrl(url);
  const src = ref ? thumbnailUrl(ref) : null;
  const [broken, setBroken] = useState(false);
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        display: 'grid',
        placeItems: 'center',
        color: '#FFFFFF',
        bgcolor: '#1F2937',
        overflow: 'hidden',
      }}
    >
      {src && !broken ? (
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        ref && (
          <Typography variant="overline" sx={{ position: 'absolute', left: 12, top: 8, opacity: 0.8, letterSpacing: 1.5 }}>
            {providerName(ref.provider)}
          </Typography>
        )
      )}
      <PlayIcon sx={{ position: 'relative', fontSize: 64, opacity: 0.95, filter: 'drop-shadow(0 2px 6px rgba(0,0,0,0.45))' }} />
      {durationSeconds !== null && (
        <Chip
          label={formatDuration(durationSeconds)}
          size="small"
          sx={{ position: 'absolute', right: 12, bottom: 12, bgcolor: 'rgba(17,24,39,0.8)', color: '#FFFFFF', fontWeight: 700 }}
        />
      )}
    </Box>
  );
}
