import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { CATALOG_TEXTS } from '@/shared/core/admin/catalogTexts.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import type { AdminTabProps } from '../adminTabs.ts';
import { FreeStacksSection } from './FreeStacksSection.tsx';
import { RecommendedSection } from './RecommendedSection.tsx';

const SECTIONS = [
  { id: 'recommended', label: CATALOG_TEXTS.recommendedTitle },
  { id: 'free', label: CATALOG_TEXTS.freeTitle },
] as const;

/** Prompt Catalogues: the recommended prompts and the free prompt stacks every user sees. */
export function CatalogTab({ reloadKey }: AdminTabProps) {
  const queryClient = useQueryClient();
  const [section, setSection] = useState<(typeof SECTIONS)[number]['id']>('recommended');

  // Data replaced elsewhere on the screen (a restore): read again.
  useEffect(() => {
    if (reloadKey) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [reloadKey, queryClient]);

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {CATALOG_TEXTS.tabIntro}
      </Typography>
      <Tabs
        value={section}
        onChange={(_e, id: typeof section) => setSection(id)}
        aria-label="Prompt catalogues"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {SECTIONS.map((s) => (
          <Tab key={s.id} value={s.id} label={s.label} id={`catalog-tab-${s.id}`} aria-controls={`catalog-panel-${s.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`catalog-panel-${section}`} aria-labelledby={`catalog-tab-${section}`}>
        {section === 'recommended' ? <RecommendedSection /> : <FreeStacksSection />}
      </Box>
    </Stack>
  );
}
