import { Card, CardContent, Typography } from '@mui/material';

/** Stub: replaced by the real card. */
export function ProviderKeysCard() {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">Provider Keys</Typography>
      </CardContent>
    </Card>
  );
}
