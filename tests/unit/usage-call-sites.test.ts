import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE_FEATURES, type UsageFeature } from '@/shared/core/usage/ledger.ts';

/**
 * Every AI call path writes one usage-ledger row. TypeScript already refuses a call without one:
 * `usage` is required on AiRequest and EmbeddingRequest (shared/ai/usage.ts), and useAiRun.start
 * requires a RunUsage. What types cannot see is which feature a call is booked under, or a new way
 * around the AI layer (a protocol client called directly). So this test scans the source for AI
 * calls and fails when a file makes one that is not listed here with its feature(s); a listed file
 * must name each of its features (in itself or in the file that books them for it), and must still
 * make a call (the list stays true).
 */

/** Calls of the AI layer, of a protocol client, of useAiRun (made, or started with a target), and of the offer builder's calls. */
const AI_CALL =
  /\b(?:streamText|completeText|completeJson|embedTexts|generatePictures|protocolFor)\(|\.(?:streamChat|completeChat|embed)\(|\buseAiRun\(\)|\.start\(\{\s*target\b|(?<![.\w])(?:generateFramework|generateAssetContent|rewriteAssetContent|rewriteDescription|organizeOffer)\(/;

/** Where the AI layer itself is defined: not call sites. */
const LAYER = new Set(['shared/ai/chat.ts', 'shared/ai/embeddings.ts', 'shared/ai/imageGeneration.ts', 'shared/ai/providers.ts']);
const LAYER_DIRS = ['shared/ai/protocol/'];

type Site =
  | { features: readonly UsageFeature[]; bookedIn?: string }
  /** A call that makes no ledger row of its own, and why. */
  | { features: readonly []; none: string };

const SITES: Record<string, Site> = {
  'shared/ai/offers.ts': { features: ['offer_framework', 'offer_asset', 'generate_all', 'offer_rewrite', 'offer_organize'] },
  'shared/ai/keyTest.ts': { features: [], none: 'lists the models a key can use; generates nothing, costs nothing' },
  'shared/ui/ai/useAiRun.ts': { features: [], none: 'streams for its caller, whose RunUsage (required by start) books the row' },
  'shared/ui/conversation/useConversation.ts': { features: ['chat', 'follow_up'] },
  'shared/ui/run/useGroundedPromptRun.ts': { features: ['run'] },
  'extension/ui/RunView.tsx': { features: ['run'], bookedIn: 'shared/ui/run/useGroundedPromptRun.ts' },
  'web/pages/run/PromptRunner.tsx': { features: ['run'], bookedIn: 'shared/ui/run/useGroundedPromptRun.ts' },
  'supabase/functions/_shared/workflows/textSteps.ts': { features: ['workflow_step'] },
  'supabase/functions/_shared/workflows/imageStep.ts': { features: ['images'] },
  'supabase/functions/ai-relay/handler.ts': {
    features: [],
    none: "forwards the dashboard's own calls (recorded there) and lists models; makes no call of its own",
  },
  'supabase/functions/generate-document/handler.ts': { features: ['document'] },
  'web/pages/analysis/useDocumentAnalysis.ts': { features: ['analysis'] },
  // The prompt suggestion books 'document' here; the generation itself is the function's row.
  'web/pages/documents/useGenerator.ts': { features: ['document'] },
  'web/pages/ideas/useIdeaGenerator.ts': { features: ['idea'] },
  'web/pages/knowledge/GroundedAnswer.tsx': { features: ['smart_query'] },
  // Passages are 'embeddings'; a question's own embedding is part of its smart query.
  'web/pages/knowledge/useKnowledgeEmbeddings.ts': { features: ['embeddings', 'smart_query'] },
  'web/pages/offers/useAssetActions.ts': { features: ['offer_asset', 'generate_all'] },
  'web/pages/offers/useOfferBuilder.ts': { features: ['offer_framework'], bookedIn: 'shared/ai/offers.ts' },
  'web/pages/pitchDeck/usePitchDeck.ts': { features: ['pitch_deck'] },
  'web/components/pictures/usePictureMaker.ts': { features: ['images'] },
};

const ROOTS = ['shared', 'web', 'entrypoints', 'extension', 'supabase/functions'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

const callSites = ROOTS.flatMap(sourceFiles)
  .filter((path) => !LAYER.has(path) && !LAYER_DIRS.some((dir) => path.startsWith(dir)))
  .filter((path) => AI_CALL.test(readFileSync(path, 'utf8')))
  .sort();

describe('AI call sites and their ledger rows', () => {
  it('finds the call sites', () => {
    // A broken scan finds nothing and would pass everything below.
    expect(callSites.length).toBeGreaterThan(10);
  });

  it('lists every file that calls the AI, with the features it books', () => {
    const unlisted = callSites.filter((path) => !(path in SITES));
    expect(unlisted, 'a new AI call site: add it to SITES with its usage feature (and give the call its usage)').toEqual([]);
  });

  it('has no listed file that no longer calls the AI', () => {
    expect(Object.keys(SITES).filter((path) => !callSites.includes(path))).toEqual([]);
  });

  it.each(Object.entries(SITES))('%s books its calls under its features', (path, site) => {
    if ('none' in site) {
      expect(site.none.length).toBeGreaterThan(20);
      return;
    }
    expect(site.features.length).toBeGreaterThan(0);
    const source = readFileSync(site.bookedIn ?? path, 'utf8');
    for (const feature of site.features) {
      expect(USAGE_FEATURES).toContain(feature);
      expect(source, `${site.bookedIn ?? path} should name '${feature}'`).toContain(`'${feature}'`);
    }
  });
});
