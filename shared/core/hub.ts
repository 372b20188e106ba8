/**
 * Texts and data of the hub pages (Billing, Workflows, AI Features):
 * plans, coming-soon features and the
 * notices their "I want this" buttons show. Pure: no browser, React or Supabase imports.
 */
import { ROUTES } from './routes.ts';

// ---------------------------------------------------------------------------------------------
// Billing (/billing): plans Free $0, Pro $29/month, Team $79/month (5 users); USD, 2 decimals.

export type PlanId = 'free' | 'pro' | 'team';

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month. */
  price: number;
  /** Shown after the price ('/month'), or empty for the free plan. */
  period: string;
  /** Who it is for, under the name. */
  tagline: string;
  /** Seats included, when more than one. */
  users?: number;
  features: readonly string[];
  /** The upgrade button (none on the free plan). */
  cta?: { label: string; subject: string };
  highlighted?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    period: '',
    tagline: 'Everything you need to get started with your own AI key.',
    features: [
      'Bring your own AI provider key',
      'Prompt library with folders',
      'Offer Builder, knowledge base and document generator',
      '50 document generations per month',
      'DOCX, HTML and PDF downloads',
      'Headline, color palette and lorem ipsum tools',
      'Browser extension',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 29,
    period: '/month',
    tagline: 'For creators and marketers who ship every week.',
    features: [
      'Everything in Free',
      'Unlimited document generations',
      'Premium prompt stacks',
      'Change plan, update your card or cancel any time',
    ],
    cta: { label: 'Upgrade to Pro', subject: 'Upgrade to Pro' },
    highlighted: true,
  },
  {
    id: 'team',
    name: 'Team',
    price: 79,
    period: '/month',
    tagline: 'For small teams that share prompts and documents.',
    users: 5,
    features: [
      'Everything in Pro, for every member',
      'Up to 5 users, the owner included',
      'Team workspaces and their documents shared with members',
      'Editor and view-only roles',
      'Team settings: invite, change roles, remove members',
    ],
    cta: { label: 'Upgrade to Team', subject: 'Upgrade to Team' },
  },
];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** USD with 2 decimals: 29 → '$29.00'. */
export const formatUsd = (amount: number): string => usd.format(amount);

/** The contact form, prefilled with a subject (the upgrade buttons). */
export const contactPathWithSubject = (subject: string): string => `${ROUTES.contact}?subject=${encodeURIComponent(subject)}`;

// ---------------------------------------------------------------------------------------------
// Coming-soon features and the interest list (table feature_requests).

/** The features people can ask for; the database checks the same list. */
export const REQUESTABLE_FEATURES = ['workflows', 'document_analysis', 'smart_queries', 'pitch_deck', 'folder_view'] as const;
export type RequestableFeature = (typeof REQUESTABLE_FEATURES)[number];

const FEATURE_LABELS: Record<RequestableFeature, string> = {
  workflows: 'Workflows',
  document_analysis: 'Document Analysis',
  smart_queries: 'Smart Queries',
  pitch_deck: 'Pitch Deck',
  folder_view: 'One view of all folders',
};

/** A feature's name as users and admins read it. */
export const featureLabel = (feature: RequestableFeature): string => FEATURE_LABELS[feature];

/** Notice titles of the coming-soon placeholders. */
const PLACEHOLDER_TITLES = {
  underConstruction: 'Under Construction',
  comingSoon: 'Coming Soon!',
  inProgress: 'Feature In Progress!',
} as const;

/** The Workflows notice lasts 5 s. */
const WORKFLOWS_NOTICE_MS = 5000;

const FEATURE_NOTICE_TITLE: Record<RequestableFeature, string> = {
  workflows: PLACEHOLDER_TITLES.underConstruction,
  document_analysis: PLACEHOLDER_TITLES.comingSoon,
  smart_queries: PLACEHOLDER_TITLES.comingSoon,
  pitch_deck: PLACEHOLDER_TITLES.inProgress,
  folder_view: PLACEHOLDER_TITLES.inProgress,
};

export type FeatureRequestOutcome = 'added' | 'already';

/** The notice after asking for a feature: first time on the list, or already on it. */
export function featureRequestNotice(
  feature: RequestableFeature,
  outcome: FeatureRequestOutcome,
): { title: string; description: string; duration?: number } {
  const label = FEATURE_LABELS[feature];
  const description =
    outcome === 'added'
      ? `${label} is on its way. We've added you to the list and will let you know when it's ready.`
      : `You're already on the list for ${label}. We'll let you know when it's ready.`;
  return {
    title: FEATURE_NOTICE_TITLE[feature],
    description,
    ...(feature === 'workflows' ? { duration: WORKFLOWS_NOTICE_MS } : {}),
  };
}

/** Recording the interest failed ('Error saving ...' with the service message, like every data-service failure). */
export const featureRequestError = (message: string) => ({
  title: 'Error saving feature request',
  description: message,
  variant: 'destructive' as const,
});

export interface FeatureBlurb {
  title: string;
  description: string;
}

/** AI Features (/ai-features): the two cards. */
/** `to`: the feature is live there (its button opens it); without it, the button records interest. */
export const AI_FEATURE_CARDS: readonly (FeatureBlurb & { feature: RequestableFeature; button: string; to?: string })[] = [
  {
    feature: 'document_analysis',
    title: 'Document Analysis',
    description:
      'Upload contracts, reports or sales pages and get a summary, key points, the names in them and questions to ask, then chat about them.',
    button: 'Go to Analysis',
    to: ROUTES.documentAnalysis,
  },
  {
    feature: 'smart_queries',
    title: 'Smart Queries',
    description: 'Ask questions in plain language across your documents and knowledge base and get answers with sources.',
    button: 'Go to Query',
    to: ROUTES.smartQueries,
  },
];
