import { z } from 'zod';
import type { OfferDraft } from './offer.ts';

/** Organize: the AI's launch sequence, checked against the offer before the user accepts it. */

export const organizeSchema = z.object({
  phases: z
    .array(z.object({ name: z.string().trim().min(1), why: z.string().trim().default(''), assets: z.array(z.string().trim().min(1)) }))
    .min(1),
});
export type OrganizePlan = z.infer<typeof organizeSchema>;

/**
 * The plan cleaned against the offer: unknown names dropped, duplicates kept once, assets the AI
 * forgot appended to a final 'Other' phase — so accepting it never loses an asset.
 */
export function normalizePlan(plan: OrganizePlan, offer: OfferDraft): OrganizePlan {
  const known = new Map(offer.assets.map((asset) => [asset.name.toLowerCase(), asset.name]));
  const used = new Set<string>();
  const phases = plan.phases
    .map((phase) => ({
      ...phase,
      assets: phase.assets.flatMap((raw) => {
        const name = known.get(raw.toLowerCase());
        if (!name || used.has(name)) return [];
        used.add(name);
        return [name];
      }),
    }))
    .filter((phase) => phase.assets.length > 0);
  const missing = offer.assets.map((asset) => asset.name).filter((name) => !used.has(name));
  if (missing.length) phases.push({ name: 'Other', why: 'Not placed by the plan.', assets: missing });
  return { phases };
}

export const planOrder = (plan: OrganizePlan): string[] => plan.phases.flatMap((phase) => phase.assets);
