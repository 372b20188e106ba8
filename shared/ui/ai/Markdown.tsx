import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { Box } from '@mui/material';

/**
 * AI output as markdown, rendered safely: no raw HTML (react-markdown skips it) and the result
 * sanitised (rehype-sanitize, GitHub's schema), so a page or a model can never inject markup.
 * Links open in a new tab. Loaded on demand (see LazyMarkdown).
 */
export default function Markdown({ text }: { text: string }) {
  return (
    <Box
      sx={{
        fontSize: '0.9rem',
        lineHeight: 1.6,
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& h1, & h2, & h3, & h4': { lineHeight: 1.3, mt: 2, mb: 1 },
        '& h1': { fontSize: '1.25rem' },
        '& h2': { fontSize: '1.1rem' },
        '& h3, & h4': { fontSize: '1rem' },
        '& p, & ul, & ol, & pre, & table, & blockquote': { mt: 0, mb: 1.25 },
        '& ul, & ol': { pl: 2.5 },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: '0.85em',
          bgcolor: 'action.hover',
          px: 0.5,
          borderRadius: 0.5,
        },
        '& pre': { bgcolor: 'action.hover', p: 1.25, borderRadius: 1.5, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', p: 0 },
        '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, color: 'text.secondary', mx: 0 },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& a': { color: 'primary.main' },
      }}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        components={{ a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" /> }}
      >
        {text}
      </ReactMarkdown>
    </Box>
  );
}
