import { Box, Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { webCitationsIn, WEB_SEARCH_TEXTS, type WebSearchPath, type WebSource } from '@/shared/core/webSearch.ts';

/**
 * Under an answer grounded in a web search: which service (or the AI provider's own search tool) searched and how many sources it gave
 * (the path used), then every source with its number, title, site and link (opening the page in
 * a new tab); the ones the answer cites come first, marked. A run reopened from the history has
 * its sources without the service (provider null).
 */
export function WebSources({
  web,
  answer,
  idPrefix,
}: {
  web: { provider: WebSearchPath | null; sources: WebSource[] };
  answer: string;
  idPrefix: string;
}) {
  const titleId = `${idPrefix}-title`;
  const cited = new Set(webCitationsIn(answer, web.sources).map((s) => s.n));
  const ordered = [...web.sources].sort((a, b) => Number(cited.has(b.n)) - Number(cited.has(a.n)) || a.n - b.n);
  return (
    <Card component="aside" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h3">
          {WEB_SEARCH_TEXTS.sources}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={`${idPrefix}-path`}>
          {web.provider === null
            ? WEB_SEARCH_TEXTS.keptWithRun(web.sources.length)
            : web.sources.length
              ? WEB_SEARCH_TEXTS.searchedWith(web.provider, web.sources.length)
              : WEB_SEARCH_TEXTS.nothingFound(web.provider)}
        </Typography>
        {web.sources.length > 0 && (
          <List aria-labelledby={titleId} dense>
            {ordered.map((source) => (
              <ListItem key={source.n} disableGutters sx={{ alignItems: 'flex-start', gap: 1.5 }}>
                <Typography sx={{ fontWeight: 700, minWidth: 32 }}>[{source.n}]</Typography>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Link href={source.url} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {source.title}
                    <OpenInNewIcon sx={{ fontSize: '0.9em', ml: 0.5, verticalAlign: '-0.1em' }} aria-hidden />
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {source.site}
                    {cited.has(source.n) ? ' · cited' : ''}
                  </Typography>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
