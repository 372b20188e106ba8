import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition, type WorkflowStep } from './definition.ts';

/**
 * The built-in workflows everyone can run as they are, or duplicate into their own to change.
 * Fields in [brackets] are asked once when the workflow runs; {{page}}-style variables come from
 * the page the side panel is beside (or are pasted on the dashboard). Pure data.
 */
export interface WorkflowTemplate {
  id: string;
  name: string;
  description: string;
  definition: WorkflowDefinition;
}

type StepDraft = Pick<WorkflowStep, 'name' | 'prompt'> & Partial<Pick<WorkflowStep, 'kind' | 'forEach'>>;

const steps = (templateId: string, drafts: StepDraft[]): WorkflowStep[] =>
  drafts.map((d) => ({
    id: `${templateId}-${d.name}`,
    name: d.name,
    kind: d.kind ?? 'prompt',
    prompt: d.prompt,
    promptId: null,
    model: null,
    knowledge: null,
    forEach: d.forEach ?? null,
  }));

const definition = (templateId: string, drafts: StepDraft[]): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider: null,
  model: null,
  steps: steps(templateId, drafts),
});

export const WORKFLOW_TEMPLATES: readonly WorkflowTemplate[] = [
  {
    id: 'blog-post',
    name: 'Blog post: research → outline → draft → polish',
    description: 'Researches a topic for your audience, outlines it, writes the draft and polishes it for publishing.',
    definition: definition('blog-post', [
      {
        name: 'research',
        prompt:
          'Research the topic "[topic]" for [audience=marketers and creators]. List the key facts, the questions readers ask, common misconceptions and angles competitors miss, as bullet points.',
      },
      {
        name: 'outline',
        prompt:
          'Using this research, write a blog post outline with a working title, an introduction hook, 5–7 H2 sections with bullet points each, and a conclusion with a call to action.\n\nResearch:\n{{steps.research.output}}',
      },
      {
        name: 'draft',
        prompt:
          'Write the full blog post (about 1,200 words, Markdown) from this outline for [audience=marketers and creators]. Keep each section concrete, with examples.\n\nOutline:\n{{steps.outline.output}}',
      },
      {
        name: 'polish',
        prompt:
          'Polish this draft for publishing: tighten sentences, vary rhythm, fix grammar, make the headline irresistible, and add a meta description (max 155 characters) at the top. Return the finished post in Markdown.\n\nDraft:\n{{steps.draft.output}}',
      },
    ]),
  },
  {
    id: 'youtube-thread',
    name: 'YouTube video → summary → tweet thread',
    description: 'Summarises the video beside the side panel from its transcript and turns it into a thread for X.',
    definition: definition('youtube-thread', [
      {
        name: 'summary',
        prompt:
          'Summarise this YouTube video "{{title}}" ({{url}}) in 8–10 bullet points with the key insights and any numbers mentioned.\n\nTranscript:\n{{transcript}}',
      },
      {
        name: 'thread',
        prompt:
          'Turn this summary into a tweet thread of 6–8 tweets (each under 280 characters): a scroll-stopping first tweet, one idea per tweet, and a last tweet linking to {{url}}. Number the tweets.\n\nSummary:\n{{steps.summary.output}}',
      },
    ]),
  },
  {
    id: 'product-launch',
    name: 'Product page → offer → launch e-mails',
    description: 'Reads a product page, builds an irresistible offer around it and writes a three-e-mail launch sequence.',
    definition: definition('product-launch', [
      {
        name: 'product',
        prompt:
          'From this product page, extract: what the product is, who it is for, the main problem it solves, its features and benefits, price and proof (testimonials, numbers).\n\nPage "{{title}}" ({{url}}):\n{{page}}',
      },
      {
        name: 'offer',
        prompt:
          'Design an irresistible offer for this product: the dream outcome, a clear promise, 3–5 bonuses that remove objections, a guarantee, urgency and a price anchor.\n\nProduct:\n{{steps.product.output}}',
      },
      {
        name: 'emails',
        prompt:
          'Write a three-e-mail launch sequence (announcement, social proof and objections, last chance) for this offer. Each e-mail with a subject line, preview text and body under 250 words.\n\nOffer:\n{{steps.offer.output}}',
      },
    ]),
  },
  {
    id: 'competitor-ads',
    name: 'Competitor page → positioning → ad variants',
    description: 'Analyses a competitor’s page, finds a positioning that beats it and writes ad variants to test.',
    definition: definition('competitor-ads', [
      {
        name: 'analysis',
        prompt:
          'Analyse this competitor page: their audience, promise, pricing, proof, tone, and the weaknesses or gaps in their message.\n\nPage "{{title}}" ({{url}}):\n{{page}}',
      },
      {
        name: 'positioning',
        prompt:
          'Based on this analysis, write a positioning statement for [my product] that wins against this competitor: target customer, category, key differentiator, reason to believe.\n\nAnalysis:\n{{steps.analysis.output}}',
      },
      {
        name: 'ads',
        prompt:
          'Write 5 ad variants (headline up to 40 characters, primary text up to 125 characters, call to action) for [ad platform: Facebook|Google|LinkedIn|*Instagram] from this positioning. Vary the angle: pain, gain, proof, curiosity, urgency.\n\nPositioning:\n{{steps.positioning.output}}',
      },
    ]),
  },
  {
    id: 'bulk-descriptions',
    name: 'Bulk product descriptions (for each)',
    description: 'Lists product ideas for a niche, then writes a sales description for each one, five at a time.',
    definition: definition('bulk-descriptions', [
      {
        name: 'products',
        prompt:
          'List [count=10] digital product ideas for the niche "[niche]", one per line, each as a short product name with a few words on what it is. No numbering, no extra text.',
      },
      {
        name: 'descriptions',
        kind: 'for_each',
        forEach: { source: 'products', split: 'lines', concurrency: 5 },
        prompt:
          'Write a persuasive product description (about 120 words) with a headline and three bullet-point benefits for this digital product:\n\n{{item}}',
      },
    ]),
  },
];

export const workflowTemplate = (id: string): WorkflowTemplate | undefined => WORKFLOW_TEMPLATES.find((t) => t.id === id);
