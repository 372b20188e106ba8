import { useDeferredValue, useMemo, useState } from 'react';
import { Box, Card, CardContent, Chip, CircularProgress, Divider, Grid, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import {
  analyzeHeadline,
  HEADLINE_IDEALS,
  HEADLINE_MAX_LENGTH,
  type HeadlineAnalysis,
  type HeadlineReason,
} from '@/shared/core/tools/headline.ts';
import { HEADLINE_TYPE_LABELS } from '@/shared/core/tools/headlineType.ts';
import { ToolPage } from './toolParts.tsx';
import { useKeptEarlyInput } from '@/web/lib/useKeptEarlyInput.ts';
import { accentText } from '@/shared/ui/colorMode.tsx';

const EXAMPLES = [
  '7 Proven Ways to Write Headlines That Get More Clicks',
  'How to Launch Your First Digital Product in 30 Days',
  'Why Do Most Online Courses Fail?',
];

const scoreColor = (score: number) => (score >= 80 ? '#16A34A' : score >= 60 ? '#4F46E5' : score >= 40 ? '#D97706' : '#DC2626');

const VERDICT_LOOK: Record<HeadlineReason['verdict'], { icon: typeof CheckCircleIcon; color: string }> = {
  good: { icon: CheckCircleIcon, color: '#16A34A' },
  fair: { icon: WarningIcon, color: '#D97706' },
  poor: { icon: ErrorIcon, color: '#DC2626' },
};

function ScoreGauge({ analysis }: { analysis: HeadlineAnalysis }) {
  const color = scoreColor(analysis.score);
  const empty = analysis.words.length === 0;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <CircularProgress
          variant="determinate"
          value={100}
          size={148}
          thickness={4}
          sx={{ color: 'divider', position: 'absolute' }}
          aria-hidden
        />
        <CircularProgress
          variant="determinate"
          value={analysis.score}
          size={148}
          thickness={4}
          sx={{ color, '& circle': { strokeLinecap: 'round', transition: 'stroke-dashoffset 300ms ease' } }}
          aria-label="Headline score"
        />
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Box>
            <Typography
              sx={{ fontSize: 44, fontWeight: 800, lineHeight: 1, color: empty ? 'text.disabled' : color }}
              data-testid="headline-score"
            >
              {analysis.score}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              out of 100
            </Typography>
          </Box>
        </Box>
      </Box>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          Type a headline to see its score.
        </Typography>
      ) : (
        <Chip label={analysis.rating} sx={{ bgcolor: alpha(color, 0.12), color, fontWeight: 700 }} />
      )}
    </Stack>
  );
}

function Stat({ label, value, hint }: { label: string; value: string | number; hint: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div">
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {hint}
      </Typography>
    </Box>
  );
}

function ReasonRow({ reason }: { reason: HeadlineReason }) {
  const look = VERDICT_LOOK[reason.verdict];
  const Icon = look.icon;
  const sign = reason.points > 0 ? '+' : '';
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.5, listStyle: 'none' }}>
      <Icon sx={{ color: look.color, mt: 0.25 }} aria-hidden />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="subtitle2" component="h3">
            {reason.label}
          </Typography>
          <Typography variant="subtitle2" sx={[{ whiteSpace: 'nowrap' }, accentText(look.color, 0.2)]}>
            {reason.max > 0 ? `${sign}${reason.points} / ${reason.max}` : `${reason.points}`}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {reason.detail}
        </Typography>
        {reason.tip && (
          <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
            <LightbulbIcon sx={{ fontSize: 18, color: 'warning.main', mt: '1px' }} aria-hidden />
            <span>{reason.tip}</span>
          </Typography>
        )}
      </Box>
    </Box>
  );
}

const BALANCE = [
  { key: 'common', label: 'Common', color: '#0EA5E9', ideal: HEADLINE_IDEALS.common },
  { key: 'uncommon', label: 'Uncommon', color: '#10B981', ideal: HEADLINE_IDEALS.uncommon },
  { key: 'emotional', label: 'Emotional', color: '#EC4899', ideal: HEADLINE_IDEALS.emotional },
  { key: 'power', label: 'Power', color: '#9333EA', ideal: null },
] as const;

function WordBalance({ analysis }: { analysis: HeadlineAnalysis }) {
  const total = analysis.words.length;
  return (
    <Stack spacing={2}>
      {BALANCE.map(({ key, label, color, ideal }) => {
        const found = analysis[key];
        const share = total ? found.length / total : 0;
        return (
          <Box key={key}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {label} words
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {ideal
                  ? `${Math.round(share * 100)}% · ideal ${ideal.min * 100}–${ideal.max * 100}%`
                  : `${found.length} · ideal at least ${HEADLINE_IDEALS.power}`}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={ideal ? Math.min(100, share * 100) : Math.min(100, found.length * 50)}
              aria-label={`${label} words`}
              sx={{
                height: 8,
                borderRadius: 4,
                bgcolor: alpha(color, 0.12),
                '& .MuiLinearProgress-bar': { bgcolor: color, borderRadius: 4 },
              }}
            />
            {found.length > 0 && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1 }} aria-label={`${label} words found`}>
                {[...new Set(found)].map((w) => (
                  <Chip key={w} label={w} size="small" sx={{ bgcolor: alpha(color, 0.1), color, fontWeight: 600 }} />
                ))}
              </Stack>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** /free-tools/headline-analyzer: live score, word balance and every reason. */
export function HeadlineAnalyzerPage() {
  const [text, setText] = useState('');
  const fieldRef = useKeptEarlyInput<HTMLTextAreaElement>('', setText);
  const deferred = useDeferredValue(text);
  const analysis = useMemo(() => analyzeHeadline(deferred), [deferred]);
  const hasWords = analysis.words.length > 0;

  return (
    <ToolPage
      title="Headline Analyzer"
      subtitle="Score your headline from 0 to 100. Every rule explains what helped, what hurt and how to improve."
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
              <TextField
                label="Headline"
                placeholder="e.g. 7 Proven Ways to Write Headlines That Get More Clicks"
                value={text}
                onChange={(e) => setText(e.target.value)}
                inputRef={fieldRef}
                fullWidth
                multiline
                minRows={2}
                autoFocus
                slotProps={{ htmlInput: { maxLength: HEADLINE_MAX_LENGTH } }}
                helperText={`${text.length} / ${HEADLINE_MAX_LENGTH} characters`}
              />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  Try:
                </Typography>
                {EXAMPLES.map((example) => (
                  <Chip
                    key={example}
                    label={example}
                    size="small"
                    variant="outlined"
                    onClick={() => setText(example)}
                    sx={{ maxWidth: '100%' }}
                  />
                ))}
              </Stack>
              {hasWords && (
                // Small screens: the score right under the field (the gauge card comes after the reasons).
                <Stack
                  direction="row"
                  spacing={1.5}
                  sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}
                >
                  <Typography sx={{ fontSize: 28, fontWeight: 800, color: scoreColor(analysis.score), lineHeight: 1 }}>
                    {analysis.score}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    / 100
                  </Typography>
                  <Chip
                    label={analysis.rating}
                    size="small"
                    sx={{ bgcolor: alpha(scoreColor(analysis.score), 0.12), color: scoreColor(analysis.score), fontWeight: 700 }}
                  />
                </Stack>
              )}
            </CardContent>
          </Card>

          <Card sx={{ mt: 3 }}>
            <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
              <Typography variant="h6" component="h2">
                Why this score
              </Typography>
              {hasWords ? (
                <Box component="ul" aria-label="Score reasons" sx={{ p: 0, m: 0, mt: 1 }}>
                  {analysis.reasons.map((reason, i) => (
                    <Box key={reason.id}>
                      {i > 0 && <Divider component="div" />}
                      <ReasonRow reason={reason} />
                    </Box>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  The reasons appear here as you type: length, word balance, power and emotional words, and the headline type.
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>

        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <Card>
              <CardContent sx={{ p: 3 }}>
                <ScoreGauge analysis={analysis} />
                <Divider sx={{ my: 2.5 }} />
                <Stack direction="row" spacing={2} divider={<Divider orientation="vertical" flexItem />}>
                  <Stat
                    label="Characters"
                    value={analysis.characters}
                    hint={`ideal ${HEADLINE_IDEALS.characters.min}–${HEADLINE_IDEALS.characters.max}`}
                  />
                  <Stat
                    label="Words"
                    value={analysis.words.length}
                    hint={`ideal ${HEADLINE_IDEALS.words.min}–${HEADLINE_IDEALS.words.max}`}
                  />
                  <Stat label="Type" value={hasWords ? HEADLINE_TYPE_LABELS[analysis.type] : '—'} hint="list, how-to, question…" />
                </Stack>
              </CardContent>
            </Card>
            <Card>
              <CardContent sx={{ p: 3 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                  Word balance
                </Typography>
                <WordBalance analysis={analysis} />
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </ToolPage>
  );
}
