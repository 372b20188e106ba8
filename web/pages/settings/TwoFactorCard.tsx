import { Card, CardContent, Typography } from '@mui/material';

/** Stub: replaced by the real card. */
export function TwoFactorCard() {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">Two Factor</Typography>
      </CardContent>
    </Card>
  );
}
