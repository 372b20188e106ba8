import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { KNOWLEDGE_TEXTS } from '@/shared/core/knowledge/grounding.ts';
import { ROUTES } from '@/shared/core/routes.ts';

/** The dashboard's way to the Knowledge Base page (from a generator whose knowledge base is empty). */
export function KnowledgeBaseLink() {
  return (
    <Link component={RouterLink} to={ROUTES.knowledgeBase}>
      {KNOWLEDGE_TEXTS.openKnowledgeBase}
    </Link>
  );
}
