/**
 * The tools listed on /free-tools and on the signed-in AI Tools hub (/ai-tools).
 * Pure: no browser, React or Supabase imports.
 */
import { ROUTES } from '../routes.ts';

export interface ToolEntry {
  id: string;
  title: string;
  description: string;
  to: string;
  /** A short label on the card ('Free' / 'AI'). */
  badge: string;
}

/** Three cards, in this order (built for real). */
export const FREE_TOOLS: readonly ToolEntry[] = [
  {
    id: 'headline-analyzer',
    title: 'Headline Analyzer',
    description: 'Score your headline from 0 to 100 and see exactly how to make it more clickable.',
    to: ROUTES.headlineAnalyzer,
    badge: 'Free',
  },
  {
    id: 'color-palette',
    title: 'Color Palette Generator',
    description: 'Turn one brand color into complementary, analogous, triadic and more palettes.',
    to: ROUTES.colorPalette,
    badge: 'Free',
  },
  {
    id: 'lorem-ipsum',
    title: 'Lorem Ipsum Generator',
    description: 'Placeholder paragraphs, sentences or words for mock-ups, ready to copy.',
    to: ROUTES.loremIpsum,
    badge: 'Free',
  },
];

/** The in-app AI tools on the AI Tools hub (signed in). */
export const AI_TOOLS: readonly ToolEntry[] = [
  {
    id: 'offer-builder',
    title: 'Offer Builder',
    description: 'Build a complete offer framework and generate every marketing asset with AI.',
    to: ROUTES.offerBuilder,
    badge: 'AI',
  },
  {
    id: 'document-generator',
    title: 'Document Generator',
    description: 'Create documents from your saved prompts and templates.',
    to: ROUTES.documentGenerator,
    badge: 'AI',
  },
  {
    id: 'prompt-stacks',
    title: 'Prompt Stacks',
    description: 'Ready-made prompt stacks by category, ready to run with your own key.',
    to: ROUTES.promptStacks,
    badge: 'AI',
  },
  {
    id: 'recommended-prompts',
    title: 'Recommended Prompts',
    description: 'A hand-picked catalogue of prompts you can save to your library.',
    to: ROUTES.recommendedPrompts,
    badge: 'AI',
  },
  {
    id: 'startup-idea-generator',
    title: 'Startup Idea Generator',
    description: 'Describe an interest or market and get a startup idea with a business plan.',
    to: `${ROUTES.appSummary}#startup-idea-generator`,
    badge: 'AI',
  },
  {
    id: 'pitch-deck',
    title: 'Pitch Deck',
    description: 'Turn a startup idea, an offer or your own words into an investor deck; export PPTX or PDF.',
    to: ROUTES.pitchDeck,
    badge: 'AI',
  },
  {
    id: 'knowledge-base',
    title: 'Knowledge Base',
    description: 'Folders of notes and links the AI uses as context when it generates.',
    to: ROUTES.knowledgeBase,
    badge: 'AI',
  },
  {
    id: 'file-manager',
    title: 'File Manager',
    description: 'Keep generated documents in workspaces of folders and files, download and share them.',
    to: ROUTES.fileManager,
    badge: 'Files',
  },
];
