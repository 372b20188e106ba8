import type { ReactNode } from 'react';
import { Box, Card, CardContent, Container, Grid, Link, Typography } from '@mui/material';
import { LEGAL_LAST_UPDATED } from '@/shared/core/contact.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';

export interface LegalSection {
  /** Anchor of the section (#id). */
  id: string;
  title: string;
  body: ReactNode;
}

/** Paragraph of a legal page. */
export function P({ children }: { children: ReactNode }) {
  return (
    <Typography component="p" sx={{ mb: 1.5, lineHeight: 1.75, color: 'text.secondary' }}>
      {children}
    </Typography>
  );
}

/** Bulleted list of a legal page. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 1.5, color: 'text.secondary', '& li': { mb: 0.75, lineHeight: 1.7 } }}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </Box>
  );
}

/**
 * Privacy and Terms: title, 'Last updated June 12, 2025', an intro, a table of
 * contents linking to each numbered section's anchor, and the sections.
 */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title={title} subtitle={`Last updated ${LEGAL_LAST_UPDATED}`} />
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card component="nav" aria-labelledby="toc-heading" sx={{ position: { md: 'sticky' }, top: { md: 92 } }}>
            <CardContent sx={{ p: 2.5 }}>
              <Typography id="toc-heading" variant="overline" component="h2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
                Contents
              </Typography>
              <Box component="ol" sx={{ pl: 2.5, m: 0, mt: 1, '& li + li': { mt: 0.75 } }}>
                {sections.map((section) => (
                  <Typography component="li" variant="body2" key={section.id} sx={{ color: 'text.secondary' }}>
                    <Link href={`#${section.id}`} underline="hover">
                      {section.title}
                    </Link>
                  </Typography>
                ))}
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} component="article" aria-label={title}>
          <Box sx={{ mb: 3, color: 'text.secondary' }}>{intro}</Box>
          {sections.map((section, i) => (
            <Box
              component="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              tabIndex={-1}
              sx={{ scrollMarginTop: 88, pt: i === 0 ? 0 : 2, outline: 'none' }}
            >
              <Typography id={`${section.id}-heading`} variant="h6" component="h2" sx={{ mb: 1.25 }}>
                {i + 1}. {section.title}
              </Typography>
              {section.body}
            </Box>
          ))}
        </Grid>
      </Grid>
    </Container>
  );
}
