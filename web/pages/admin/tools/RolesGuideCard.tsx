import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { ROLE_LABELS, ROLES_GUIDE } from '@/shared/core/admin/roles.ts';

/** The roles guide: what each role may do. */
export function RolesGuideCard() {
  return (
    <Card component="section" aria-labelledby="roles-guide-title">
      <CardContent>
        <Typography id="roles-guide-title" variant="h6" component="h3" gutterBottom>
          Roles guide
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '9rem 1fr' }, alignItems: 'baseline' }}
        >
          {ROLES_GUIDE.map(({ role, summary }) => (
            <Box key={role} sx={{ display: 'contents' }}>
              <Box component="dt">
                <Chip size="small" label={ROLE_LABELS[role]} variant="outlined" />
              </Box>
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
                {summary}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
