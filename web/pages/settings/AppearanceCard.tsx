import { Card, CardContent, Stack, Typography } from '@mui/material';
import { ColorModeChoice } from '@/shared/ui/ColorModeChoice.tsx';

/** Light, dark or the system's colour mode; remembered in this browser. */
export function AppearanceCard() {
  return (
    <Card component="section" aria-labelledby="appearance-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <div>
            <Typography id="appearance-title" variant="h6" component="h2">
              Appearance
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Light, dark, or follow your system. Remembered on this device.
            </Typography>
          </div>
          <ColorModeChoice />
        </Stack>
      </CardContent>
    </Card>
  );
}
