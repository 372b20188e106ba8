import { GENERAL_NOTES, mapCategory } from './categories.ts';
import { itemName, type AssetContent, type OfferFramework } from './schema.ts';

/**
 * The offer being built (saved in the offers table): the framework from
 * the AI plus the ordered assets, each with its content, notes and last error. Pure functions only;
 * every change returns a new offer.
 */

export interface OfferAsset {
  /** Canonical category name (or the AI's own name when unmatched); unique within the offer. */
  name: string;
  /** The AI's sub-items for this asset, used as hints when generating it. */
  subItems: string[];
  content: AssetContent | null;
  notes: string;
  /** Set when the last generation failed (the failure's message is kept on the asset). */
  error: string | null;
}

export interface OfferDraft {
  /** Database id once saved; null for a new, unsaved offer. */
  id: string | null;
  /** What the user typed: idea, niche or keyword. */
  idea: string;
  framework: OfferFramework;
  /** In display order; General Notes is not in this list (it is `generalNotes`). */
  assets: OfferAsset[];
  generalNotes: string;
  videoUrl: string;
  /**
   * The saved offer's hero picture (a generated_images id), as last read from its row. It is set
   * and cleared on the row directly (setOfferHero), never by saving the offer, so a working copy
   * that missed a change made elsewhere cannot undo it.
   */
  heroImageId: string | null;
}

/** Assets from the framework's items, mapped to categories; a second item mapping to a taken name keeps its own name. */
export function assetsFromFramework(framework: OfferFramework): OfferAsset[] {
  const seen = new Set<string>();
  const assets: OfferAsset[] = [];
  for (const item of framework.items) {
    const raw = itemName(item).trim();
    const mapped = mapCategory(raw);
    const name = seen.has(mapped) ? raw : mapped;
    if (!name || seen.has(name) || name === GENERAL_NOTES) continue;
    seen.add(name);
    assets.push({ name, subItems: typeof item === 'string' ? [] : item.subItems, content: null, notes: '', error: null });
  }
  return assets;
}

export function newOffer(idea: string, framework: OfferFramework): OfferDraft {
  return { id: null, idea, framework, assets: assetsFromFramework(framework), generalNotes: '', videoUrl: '', heroImageId: null };
}

/** Generated = content present and no error. */
export const isGenerated = (asset: OfferAsset): boolean => asset.content !== null && asset.error === null;

export type AssetStatus = 'empty' | 'generating' | 'failed' | 'filled';

export function assetStatus(asset: OfferAsset, generating: boolean): AssetStatus {
  if (generating) return 'generating';
  if (asset.error !== null) return 'failed';
  return asset.content ? 'filled' : 'empty';
}

export function updateAsset(offer: OfferDraft, name: string, change: Partial<Omit<OfferAsset, 'name'>>): OfferDraft {
  return { ...offer, assets: offer.assets.map((asset) => (asset.name === name ? { ...asset, ...change } : asset)) };
}

/** Moves the asset at `from` to `to` (drag and drop, keyboard moves). */
export function moveAsset(offer: OfferDraft, from: number, to: number): OfferDraft {
  if (from === to || from < 0 || to < 0 || from >= offer.assets.length || to >= offer.assets.length) return offer;
  const assets = [...offer.assets];
  const [moved] = assets.splice(from, 1);
  assets.splice(to, 0, moved!);
  return { ...offer, assets };
}

/** Puts the assets in the given order of names (Organize); unknown names are ignored, missing ones keep their place at the end. */
export function reorderAssets(offer: OfferDraft, names: readonly string[]): OfferDraft {
  const byName = new Map(offer.assets.map((asset) => [asset.name, asset]));
  const ordered = names.map((name) => byName.get(name)).filter((asset): asset is OfferAsset => Boolean(asset));
  const rest = offer.assets.filter((asset) => !names.includes(asset.name));
  return { ...offer, assets: [...new Set([...ordered, ...rest])] };
}
