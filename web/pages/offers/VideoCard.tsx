import { Box, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import { VIDEO_PLACEHOLDER, videoEmbedUrl } from '@/shared/core/offers/video.ts';

/** The offer's video: a YouTube watch or short link, or a Vimeo link, embedded; otherwise the placeholder. */
export function VideoCard({ url, onChange }: { url: string; onChange: (url: string) => void }) {
  const embed = videoEmbedUrl(url);
  const rejected = url.trim() !== '' && !embed;
  return (
    <Card component="section" aria-labelledby="offer-video-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="offer-video-title" variant="h6" component="h2" gutterBottom>
          Offer video
        </Typography>
        <TextField
          label="Video link"
          value={url}
          onChange={(e) => onChange(e.target.value)}
          placeholder="https://www.youtube.com/watch?v=…"
          size="small"
          fullWidth
          type="url"
          error={rejected}
          helperText={rejected ? 'Use a YouTube watch link, a youtu.be link or a Vimeo link.' : 'YouTube (watch or youtu.be) or Vimeo.'}
        />
        <Box
          sx={{
            mt: 2,
            aspectRatio: '16 / 9',
            borderRadius: 2,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
          }}
        >
          {embed ? (
            <Box
              component="iframe"
              src={embed}
              title="Offer video"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              allowFullScreen
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              sx={{ width: '100%', height: '100%', border: 0, display: 'block' }}
            />
          ) : (
            <Stack
              spacing={1}
              sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', p: 2, textAlign: 'center' }}
            >
              <PlayIcon sx={{ fontSize: 40 }} aria-hidden />
              <Typography variant="body2">{VIDEO_PLACEHOLDER}</Typography>
            </Stack>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
