import { Box, Container, Grid, Typography } from '@mui/material';
import { AI_TOOLS, FREE_TOOLS, type ToolEntry } from '@/shared/core/tools/catalog.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { ToolCard } from './toolParts.tsx';

function Section({ id, title, subtitle, tools }: { id: string; title: string; subtitle: string; tools: readonly ToolEntry[] }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ '& + &': { mt: 5 } }}>
      <Typography variant="h5" component="h2" id={id}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
        {subtitle}
      </Typography>
      <Grid container spacing={3}>
        {tools.map((tool) => (
          <Grid key={tool.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <ToolCard tool={tool} headingLevel="h3" />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** /ai-tools (the sidebar's 'AI Tools'): every tool in one place. */
export function AiToolsPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="AI Tools" subtitle="Everything you can create with AI Vault, in one place." />
      <Section id="ai-tools-ai" title="AI tools" subtitle="Run with your own AI provider key." tools={AI_TOOLS} />
      <Section id="ai-tools-free" title="Free tools" subtitle="Quick helpers that need no AI key." tools={FREE_TOOLS} />
    </Container>
  );
}
