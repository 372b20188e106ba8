import type { ReactNode } from 'react';
import { Box, Card, CardContent, Container, Stack, Typography } from '@mui/material';

export interface AuthCardProps {
  /** The page's one h1. */
  title: string;
  subtitle?: ReactNode;
  /** Shown above the title (defaults to nothing). */
  icon?: ReactNode;
  children: ReactNode;
  /** Under the card (links to other pages). */
  footer?: ReactNode;
}

/** The frame of the account pages: one centred card with an icon, the title and the form. */
export function AuthCard({ title, subtitle, icon, children, footer }: AuthCardProps) {
  return (
    <Box
      sx={{
        py: { xs: 4, sm: 8 },
        background: 'radial-gradient(1200px 400px at 50% -10%, rgba(79,70,229,0.10), transparent 70%)',
      }}
    >
      <Container maxWidth="sm" sx={{ maxWidth: { sm: 480 } }}>
        <Card sx={{ boxShadow: '0 10px 30px rgba(17,24,39,0.06)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4.5 }, '&:last-child': { pb: { xs: 3, sm: 4.5 } } }}>
            <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
              {icon && (
                <Box
                  sx={{
                    width: 56,
                    height: 56,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(79,70,229,0.10)',
                    color: 'primary.main',
                    mb: 1,
                    '& svg': { fontSize: 30 },
                  }}
                >
                  {icon}
                </Box>
              )}
              <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' } }}>
                {title}
              </Typography>
              {subtitle && (
                <Typography variant="body1" color="text.secondary">
                  {subtitle}
                </Typography>
              )}
            </Stack>
            {children}
          </CardContent>
        </Card>
        {footer && <Box sx={{ mt: 3, textAlign: 'center' }}>{footer}</Box>}
      </Container>
    </Box>
  );
}
