import { Box, Typography } from '@mui/material';
import { BackupCard } from './BackupCard.tsx';
import { MonitoringActivityCard } from './MonitoringActivityCard.tsx';
import { MonitoringCard } from './MonitoringCard.tsx';
import { RolesGuideCard } from './RolesGuideCard.tsx';

/** Master admins also see the monitoring, data backup and roles-guide cards. */
export function MasterAdminTools({ onRestored }: { onRestored: () => void }) {
  return (
    <Box component="section" aria-labelledby="master-tools-title" sx={{ mt: 6 }}>
      <Typography id="master-tools-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Master admin tools
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <MonitoringCard />
        <BackupCard onRestored={onRestored} />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <MonitoringActivityCard />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <RolesGuideCard />
        </Box>
      </Box>
    </Box>
  );
}
