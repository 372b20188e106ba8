import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Container, Grid, Stack, Typography, type SvgIconProps } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AnalysisIcon from '@mui/icons-material/InsightsOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import QueryIcon from '@mui/icons-material/ManageSearchOutlined';
import { AI_FEATURE_CARDS, type RequestableFeature } from '@/shared/core/hub.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { OnTheList } from './comingSoonParts.tsx';
import { useFeatureRequest } from './useFeatureRequest.ts';
import { accentText } from '@/shared/ui/colorMode.tsx';

const LOOKS: Partial<Record<RequestableFeature, { icon: ComponentType<SvgIconProps>; color: string }>> = {
  document_analysis: { icon: AnalysisIcon, color: '#4F46E5' },
  smart_queries: { icon: QueryIcon, color: '#9333EA' },
};

/** /ai-features: the feature cards; a live feature's button opens it, one not live yet records interest and says it is coming soon. */
export function AiFeaturesPage() {
  const { request, pending, requested } = useFeatureRequest();
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="AI Features" subtitle="Advanced AI capabilities for your documents and knowledge." />
      <Grid container spacing={3}>
        {AI_FEATURE_CARDS.map((card) => {
          const look = LOOKS[card.feature] ?? { icon: AnalysisIcon, color: '#4F46E5' };
          const Icon = look.icon;
          return (
            <Grid key={card.feature} size={{ xs: 12, md: 6 }}>
              <Card component="section" aria-labelledby={`feature-${card.feature}`} sx={{ height: '100%' }}>
                <CardContent sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', gap: 2.5, height: '100%' }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                    <Box
                      sx={{
                        width: 56,
                        height: 56,
                        borderRadius: 3,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: alpha(look.color, 0.12),
                        color: look.color,
                      }}
                    >
                      <Icon fontSize="large" />
                    </Box>
                    <Chip
                      label={card.to ? 'Available' : 'Coming soon'}
                      size="small"
                      sx={[{ bgcolor: alpha(look.color, 0.1), fontWeight: 700 }, accentText(look.color)]}
                    />
                  </Stack>
                  <Box sx={{ flexGrow: 1 }}>
                    <Typography variant="h5" component="h2" id={`feature-${card.feature}`}>
                      {card.title}
                    </Typography>
                    <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }}>
                      {card.description}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                    {card.to ? (
                      <Button variant="contained" endIcon={<ArrowForwardIcon />} component={RouterLink} to={card.to}>
                        {card.button}
                      </Button>
                    ) : (
                      <Button
                        variant="contained"
                        endIcon={<ArrowForwardIcon />}
                        disabled={pending === card.feature}
                        onClick={() => void request(card.feature)}
                      >
                        {card.button}
                      </Button>
                    )}
                    <OnTheList show={requested.has(card.feature)} />
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Container>
  );
}
