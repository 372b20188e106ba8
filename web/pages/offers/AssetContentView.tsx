import { Box, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { AssetContent, EmailSequence, FacebookAds, ReportCard } from '@/shared/core/offers/schema.ts';
import { LazyMarkdown } from '@/shared/ui/ai/LazyMarkdown.tsx';

/** Text from the AI, kept as typed (line breaks), never as markup. */
const plain = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function ReportCardView({ name, card }: { name: string; card: ReportCard }) {
  const average = card.criteria.reduce((sum, c) => sum + c.score, 0) / card.criteria.length;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
          Report Card for {name}
        </Typography>
        <Chip size="small" color="primary" label={`Overall ${average.toFixed(1)}/10`} />
      </Stack>
      <Box component="ul" aria-label="Criteria" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {card.criteria.map((criterion) => (
          <Box component="li" key={criterion.name}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {criterion.name}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 700, flexShrink: 0 }}>
                {criterion.score}/10
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={criterion.score * 10}
              aria-label={`${criterion.name}: ${criterion.score} out of 10`}
              color={criterion.score >= 8 ? 'success' : criterion.score >= 5 ? 'primary' : 'warning'}
              sx={{ height: 6, borderRadius: 3, my: 0.5 }}
            />
            <Typography variant="body2" color="text.secondary" sx={plain}>
              {criterion.reasoning}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

function EmailSequenceView({ sequence }: { sequence: EmailSequence }) {
  return (
    <Box component="ol" aria-label="Emails" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {sequence.emails.map((email, i) => (
        <Paper component="li" variant="outlined" key={i} sx={{ p: 2 }}>
          <Typography variant="overline" color="text.secondary">
            Email {i + 1}
          </Typography>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}>
            Subject: {email.subject}
          </Typography>
          <Typography variant="body2" sx={plain}>
            {email.body}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function FacebookAdsView({ ads }: { ads: FacebookAds }) {
  return (
    <Box
      component="ol"
      aria-label="Ad variants"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {ads.ads.map((ad, i) => (
        <Paper component="li" variant="outlined" key={i} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="overline" color="text.secondary">
            Variant {i + 1}
          </Typography>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {ad.headline}
          </Typography>
          <Typography variant="body2" sx={{ ...plain, flexGrow: 1 }}>
            {ad.primaryText}
          </Typography>
          <Box>
            <Chip size="small" variant="outlined" label={`Call to action: ${ad.callToAction}`} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/** An asset's content: structured views for the JSON assets, safe markdown for text. */
export function AssetContentView({ name, content }: { name: string; content: AssetContent }) {
  switch (content.format) {
    case 'text':
      return <LazyMarkdown text={content.markdown} />;
    case 'reportCard':
      return <ReportCardView name={name} card={content.data} />;
    case 'emailSequence':
      return <EmailSequenceView sequence={content.data} />;
    case 'facebookAds':
      return <FacebookAdsView ads={content.data} />;
  }
}
