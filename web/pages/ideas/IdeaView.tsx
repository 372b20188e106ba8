import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { StartupIdeaContent } from '@/shared/core/ideas.ts';

type Level = 2 | 3 | 4;
const tag = (level: number) => `h${Math.min(level, 6)}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** One labelled part of the idea (the same headings as its export). */
function Part({ title, level, children, accent }: { title: string; level: number; children: ReactNode; accent?: string }) {
  return (
    <Box
      sx={{
        p: 2,
        borderRadius: '14px',
        border: 1,
        borderColor: 'divider',
        bgcolor: accent ? alpha(accent, 0.06) : 'transparent',
        minWidth: 0,
      }}
    >
      <Typography
        variant="overline"
        component={tag(level)}
        sx={{ display: 'block', lineHeight: 1.6, mb: 0.5, color: 'text.secondary', fontWeight: 700 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const Text = ({ children }: { children: string }) => (
  <Typography variant="body2" sx={{ whiteSpace: 'pre-line', lineHeight: 1.7, overflowWrap: 'anywhere' }}>
    {children}
  </Typography>
);

function Bullets({ items, label }: { items: readonly string[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
      {items.map((item, i) => (
        <Typography component="li" variant="body2" key={`${i}-${item}`} sx={{ lineHeight: 1.6, overflowWrap: 'anywhere' }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * A startup idea laid out to read: the pitch, market / users / revenue side by side, competitors
 * and weaknesses, then the business plan. `level` is the heading level of its parts; with
 * `showName` the name is a heading one level up.
 */
export function IdeaView({ idea, level, showName = false }: { idea: StartupIdeaContent; level: Level; showName?: boolean }) {
  return (
    <Stack spacing={2.5}>
      <Box>
        {showName && (
          <Typography variant="h5" component={tag(level - 1)} sx={{ mb: 0.75, overflowWrap: 'anywhere' }}>
            {idea.name}
          </Typography>
        )}
        <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.7, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {idea.description}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <Part title="Market" level={level} accent="#0EA5E9">
          <Text>{idea.market}</Text>
        </Part>
        <Part title="Target Users" level={level} accent="#9333EA">
          <Text>{idea.targetUsers}</Text>
        </Part>
        <Part title="Revenue" level={level} accent="#10B981">
          <Text>{idea.revenue}</Text>
        </Part>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <Part title="Competitors" level={level}>
          <Bullets items={idea.competitors} label="Competitors" />
        </Part>
        <Part title="Weaknesses" level={level}>
          <Bullets items={idea.weaknesses} label="Weaknesses" />
        </Part>
      </Box>
      <Box>
        <Typography variant="subtitle1" component={tag(level)} sx={{ fontWeight: 700, mb: 1 }}>
          Business Plan
        </Typography>
        <Stack spacing={1.5}>
          <Part title="Executive Summary" level={level + 1}>
            <Text>{idea.businessPlan.executive}</Text>
          </Part>
          <Part title="Go-to-Market" level={level + 1}>
            <Text>{idea.businessPlan.market}</Text>
          </Part>
          <Part title="Solution" level={level + 1}>
            <Text>{idea.businessPlan.solution}</Text>
          </Part>
        </Stack>
      </Box>
    </Stack>
  );
}
