import { defaultModel } from '@/shared/ai/modelChoice.ts';
import { assetsToGenerate } from '@/shared/core/offers/generateAll.ts';
import type { OfferDraft } from '@/shared/core/offers/offer.ts';
import { assetPrompt, type KnowledgeContext } from '@/shared/core/offers/prompts.ts';
import type { JobToEstimate } from '@/shared/ui/usage/EstimateConfirm.tsx';
import type { ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';

/** Generate All as a job to estimate: one call per asset it would generate, each with its own prompt (an asset is a page of copy). */
export function generateAllJob(offer: OfferDraft, choice: ModelChoice, context: KnowledgeContext | null): JobToEstimate {
  const names = new Set(assetsToGenerate(offer.assets));
  return {
    provider: choice.provider,
    model: choice.model || defaultModel(choice.provider, null),
    steps: offer.assets
      .filter((asset) => names.has(asset.name))
      .map((asset) => ({ promptChars: assetPrompt(offer, asset, context).length, calls: 1, output: 'long-document' as const })),
  };
}
