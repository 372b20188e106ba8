import type { ComponentType, ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Grid, Stack, Typography, type SvgIconProps } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import type { FeatureBlurb } from '@/shared/core/hub.ts';

/** "You're on the list" marker next to an "I want this" button. */
export function OnTheList({ show }: { show: boolean }) {
  if (!show) return null;
  return <Chip icon={<CheckIcon />} label="You're on the list" color="success" variant="outlined" size="small" />;
}

/** The big card of a coming-soon page: icon, 'Coming Soon' heading, text and the action. */
export function ComingSoonHero(props: {
  icon: ComponentType<SvgIconProps>;
  heading: string;
  text: ReactNode;
  action: ReactNode;
  color?: string;
}) {
  const Icon = props.icon;
  const color = props.color ?? '#4F46E5';
  return (
    <Card
      sx={{
        overflow: 'hidden',
        borderColor: alpha(color, 0.25),
        background: (t) =>
          `radial-gradient(circle at 100% 0%, ${alpha(color, 0.14)}, transparent 45%), linear-gradient(135deg, ${alpha(color, 0.05)}, ${t.vars?.palette.background.paper ?? '#FFFFFF'} 60%)`,
      }}
    >
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2.5, md: 4 }} sx={{ alignItems: { md: 'center' } }}>
          <Box
            sx={{
              width: 72,
              height: 72,
              borderRadius: 4,
              display: 'grid',
              placeItems: 'center',
              bgcolor: alpha(color, 0.12),
              color,
              flexShrink: 0,
            }}
          >
            <Icon sx={{ fontSize: 40 }} />
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Chip label="In development" size="small" sx={{ bgcolor: alpha(color, 0.12), color, fontWeight: 700, mb: 1 }} />
            <Typography variant="h4" component="h2">
              {props.heading}
            </Typography>
            <Typography variant="body1" color="text.secondary" sx={{ mt: 1, maxWidth: 620 }}>
              {props.text}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, alignItems: { sm: 'center' } }}>
              {props.action}
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Blurbs of what is coming, in a grid. */
export function BlurbGrid({
  blurbs,
  icons,
  columns = 2,
}: {
  blurbs: readonly FeatureBlurb[];
  icons: readonly ComponentType<SvgIconProps>[];
  columns?: 2 | 3;
}) {
  return (
    <Grid container spacing={3} sx={{ mt: 2 }}>
      {blurbs.map((blurb, i) => {
        const Icon = icons[i % icons.length]!;
        return (
          <Grid key={blurb.title} size={{ xs: 12, sm: 6, md: columns === 3 ? 4 : 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3, display: 'flex', gap: 2 }}>
                <Box
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2.5,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'action.hover',
                    color: 'primary.main',
                    flexShrink: 0,
                  }}
                >
                  <Icon />
                </Box>
                <Box>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    {blurb.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {blurb.description}
                  </Typography>
                </Box>
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
