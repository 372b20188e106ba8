import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LayersIcon from '@mui/icons-material/LayersOutlined';
import type { StackCategory } from '@/shared/core/promptStacks.ts';

const countText = (n: number) => `${n} ${n === 1 ? 'prompt' : 'prompts'}`;

/** The category cards of /prompts: the free stacks, then the user's folders. Choosing one filters the grid; again clears it. */
export function CategoryCards({
  categories,
  selected,
  onSelect,
}: {
  categories: readonly StackCategory[];
  selected: string | null;
  onSelect: (key: string | null) => void;
}) {
  return (
    <Box
      component="ul"
      aria-label="Categories"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {categories.map((category) => {
        const active = category.key === selected;
        const Icon = category.source === 'free' ? LayersIcon : FolderIcon;
        return (
          <Box component="li" key={category.key} sx={{ minWidth: 0 }}>
            <Card
              variant="outlined"
              sx={(theme) => ({
                height: '100%',
                borderColor: active ? 'primary.main' : undefined,
                boxShadow: active ? `0 0 0 1px ${theme.palette.primary.main}` : undefined,
                bgcolor: active ? alpha(theme.palette.primary.main, 0.06) : undefined,
              })}
            >
              <CardActionArea
                aria-pressed={active}
                onClick={() => onSelect(active ? null : category.key)}
                sx={{ height: '100%', display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start' }}
              >
                <CardContent sx={{ width: '100%' }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                    <Icon color="primary" aria-hidden sx={{ mt: 0.25 }} />
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
                        {category.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {category.description || (category.source === 'own' ? 'Your prompts' : '')}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontWeight: 500 }}>
                        {countText(category.count)}
                      </Typography>
                    </Box>
                    {active && <CheckCircleIcon color="primary" fontSize="small" aria-hidden />}
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        );
      })}
    </Box>
  );
}
