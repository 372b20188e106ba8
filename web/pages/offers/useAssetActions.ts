import { useCallback, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import { toAiError, type AiError } from '@/shared/ai/aiErrors.ts';
import { generateAssetContent, organizeOffer, rewriteAssetContent, rewriteDescription, type OfferAiOptions } from '@/shared/ai/offers.ts';
import type { OfferWorkspace } from '@/shared/core/offers/draft.ts';
import { assetsToGenerate, GENERATE_ALL_CONCURRENCY, generateAllSummary, runBounded } from '@/shared/core/offers/generateAll.ts';
import { reorderAssets, updateAsset, type OfferDraft } from '@/shared/core/offers/offer.ts';
import { planOrder, type OrganizePlan } from '@/shared/core/offers/organize.ts';
import type { KnowledgeContext } from '@/shared/core/offers/prompts.ts';
import type { AssetContent } from '@/shared/core/offers/schema.ts';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import type { Activity } from './useOfferBuilder.ts';

export type AssetBusy = 'generating' | 'rewriting';

interface Deps {
  current: MutableRefObject<OfferWorkspace>;
  changeOffer: (change: (offer: OfferDraft) => OfferDraft) => void;
  session: MutableRefObject<number>;
  aiOptions: () => OfferAiOptions | null;
  context: KnowledgeContext | null;
  activity: Activity | null;
  setActivity: Dispatch<SetStateAction<Activity | null>>;
  onKeyMissing: (provider: ProviderId) => void;
}

/** What the description is called among the parts a whole-offer rewrite works through. */
const DESCRIPTION = 'Offer description';

/**
 * Per-asset and whole-offer AI work: generate one asset, Generate All (skips finished
 * assets, retries failed ones, a bounded number at once, progress n of m), Rewrite with the user's
 * instruction (one asset or the whole offer, undoable), Organize (a proposed launch sequence to
 * accept, then undo). A failed generation keeps the previous content and stores the message.
 */
export function useAssetActions({ current, changeOffer, session, aiOptions, context, activity, setActivity, onKeyMissing }: Deps) {
  const notify = useNotify();
  const [busy, setBusy] = useState<ReadonlyMap<string, AssetBusy>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [proposal, setProposal] = useState<OrganizePlan | null>(null);
  const [organized, setOrganized] = useState<{ plan: OrganizePlan; previousOrder: string[] } | null>(null);
  const stopper = useRef<AbortController | null>(null);

  const mark = useCallback((names: readonly string[], state: AssetBusy | null) => {
    setBusy((now) => {
      const next = new Map(now);
      for (const name of names) {
        if (state) next.set(name, state);
        else next.delete(name);
      }
      return next;
    });
  }, []);

  const failure = useCallback(
    (thrown: unknown, options: OfferAiOptions): AiError => {
      const error = toAiError(thrown, { provider: options.target.provider, fallback: OFFER_TEXTS.fallbackError });
      if (error.kind === 'noKey') onKeyMissing(options.target.provider);
      return error;
    },
    [onKeyMissing],
  );

  /** Generates one asset with the offer as it is now; true when it worked. */
  const runAsset = useCallback(
    async (
      name: string,
      options: OfferAiOptions,
      started: number,
      quiet: boolean,
      feature: 'offer_asset' | 'generate_all',
    ): Promise<boolean> => {
      const offer = current.current.offer;
      const asset = offer?.assets.find((a) => a.name === name);
      if (!offer || !asset || started !== session.current) return false;
      try {
        const content = await generateAssetContent(offer, asset, context, options, feature);
        if (started !== session.current) return false;
        changeOffer((o) => updateAsset(o, name, { content, error: null }));
        return true;
      } catch (thrown) {
        if (started !== session.current) return false;
        const error = failure(thrown, options);
        if (error.kind === 'aborted') return false;
        changeOffer((o) => updateAsset(o, name, { error: error.message }));
        if (!quiet) notify({ title: `${error.title}: ${name}`, description: error.message, variant: 'destructive' });
        return false;
      } finally {
        if (started === session.current) mark([name], null);
      }
    },
    [changeOffer, context, current, failure, mark, notify, session],
  );

  const generate = useCallback(
    async (name: string) => {
      if (busy.has(name) || activity === 'generateAll' || activity === 'framework') return;
      const options = aiOptions();
      if (!options) return;
      mark([name], 'generating');
      await runAsset(name, options, session.current, false, 'offer_asset');
    },
    [activity, aiOptions, busy, mark, runAsset, session],
  );

  const generateAll = useCallback(async () => {
    const offer = current.current.offer;
    if (!offer || activity || busy.size > 0) return;
    const names = assetsToGenerate(offer.assets);
    if (names.length === 0) return notify(generateAllSummary(null));
    const options = aiOptions();
    if (!options) return;
    const started = session.current;
    const controller = new AbortController();
    stopper.current = controller;
    setActivity('generateAll');
    setProgress({ done: 0, total: names.length });
    mark(names, 'generating');
    const result = await runBounded(names, GENERATE_ALL_CONCURRENCY, (name) => runAsset(name, options, started, true, 'generate_all'), {
      signal: controller.signal,
      onSettled: (done, total) => started === session.current && setProgress({ done, total }),
    });
    if (started !== session.current) return;
    mark(result.skipped, null);
    stopper.current = null;
    setProgress(null);
    setActivity(null);
    notify(generateAllSummary(result));
  }, [activity, aiOptions, busy.size, current, mark, notify, runAsset, session, setActivity]);

  const rewrite = useCallback(
    async (name: string, instruction: string): Promise<string | null> => {
      const asset = current.current.offer?.assets.find((a) => a.name === name);
      if (!asset?.content) return 'There is no content to rewrite yet.';
      const options = aiOptions();
      if (!options) return null;
      const started = session.current;
      const previous = asset.content;
      mark([name], 'rewriting');
      try {
        const content = await rewriteAssetContent(name, previous, instruction, options);
        if (started !== session.current) return null;
        changeOffer((o) => updateAsset(o, name, { content, error: null }));
        notify({
          title: 'Rewritten',
          description: `${name}: "${instruction.trim()}".`,
          action: {
            label: 'Undo',
            altText: `Undo the rewrite of ${name}`,
            onClick: () => changeOffer((o) => updateAsset(o, name, { content: previous })),
          },
        });
        return null;
      } catch (thrown) {
        return failure(thrown, options).message;
      } finally {
        if (started === session.current) mark([name], null);
      }
    },
    [aiOptions, changeOffer, current, failure, mark, notify, session],
  );

  /** Rewrites the description and every asset with content; what worked stays, and can be undone at once. */
  const rewriteAll = useCallback(
    async (instruction: string): Promise<string | null> => {
      const offer = current.current.offer;
      if (!offer || activity || busy.size > 0) return null;
      const options = aiOptions();
      if (!options) return null;
      const started = session.current;
      const parts = [DESCRIPTION, ...offer.assets.filter((a) => a.content).map((a) => a.name)];
      const before = new Map<string, AssetContent>();
      const description = offer.framework.description;
      let firstError: string | null = null;
      setActivity('rewriteAll');
      setProgress({ done: 0, total: parts.length });
      mark(parts.slice(1), 'rewriting');
      const result = await runBounded(
        parts,
        GENERATE_ALL_CONCURRENCY,
        async (part) => {
          try {
            if (part === DESCRIPTION) {
              const next = await rewriteDescription(description, instruction, options);
              if (started === session.current) changeOffer((o) => ({ ...o, framework: { ...o.framework, description: next } }));
              return true;
            }
            const content = current.current.offer?.assets.find((a) => a.name === part)?.content;
            if (!content) return false;
            const next = await rewriteAssetContent(part, content, instruction, options);
            if (started !== session.current) return false;
            before.set(part, content);
            changeOffer((o) => updateAsset(o, part, { content: next, error: null }));
            return true;
          } catch (thrown) {
            firstError ??= failure(thrown, options).message;
            return false;
          } finally {
            if (part !== DESCRIPTION && started === session.current) mark([part], null);
          }
        },
        { onSettled: (done, total) => started === session.current && setProgress({ done, total }) },
      );
      if (started !== session.current) return null;
      setProgress(null);
      setActivity(null);
      if (result.succeeded.length === 0) return firstError ?? OFFER_TEXTS.fallbackError;
      const undo = () =>
        changeOffer((o) => {
          let restored = result.succeeded.includes(DESCRIPTION) ? { ...o, framework: { ...o.framework, description } } : o;
          for (const [name, content] of before) restored = updateAsset(restored, name, { content });
          return restored;
        });
      notify({
        title: result.failed.length ? 'Rewritten, with gaps' : 'Entire offer rewritten',
        description: result.failed.length
          ? `Not rewritten: ${result.failed.join(', ')}. ${firstError ?? ''}`.trim()
          : `"${instruction.trim()}" applied to ${result.succeeded.length} parts.`,
        variant: result.failed.length ? 'destructive' : 'default',
        action: { label: 'Undo', altText: 'Undo the rewrite of the entire offer', onClick: undo },
      });
      return null;
    },
    [activity, aiOptions, busy.size, changeOffer, current, failure, mark, notify, session, setActivity],
  );

  const organize = useCallback(async () => {
    const offer = current.current.offer;
    if (!offer || activity) return;
    const options = aiOptions();
    if (!options) return;
    const started = session.current;
    setActivity('organize');
    try {
      const plan = await organizeOffer(offer, options);
      if (started === session.current) setProposal(plan);
    } catch (thrown) {
      if (started !== session.current) return;
      const error = failure(thrown, options);
      if (error.kind !== 'aborted') notify({ title: error.title, description: error.message, variant: 'destructive' });
    } finally {
      if (started === session.current) setActivity(null);
    }
  }, [activity, aiOptions, current, failure, notify, session, setActivity]);

  const acceptProposal = useCallback(() => {
    const offer = current.current.offer;
    if (!proposal || !offer) return;
    setOrganized({ plan: proposal, previousOrder: offer.assets.map((a) => a.name) });
    changeOffer((o) => reorderAssets(o, planOrder(proposal)));
    setProposal(null);
  }, [changeOffer, current, proposal]);

  const undoOrganize = useCallback(() => {
    if (!organized) return;
    changeOffer((o) => reorderAssets(o, organized.previousOrder));
    setOrganized(null);
  }, [changeOffer, organized]);

  /** Another offer is opening: nothing new starts, and what runs is no longer shown. */
  const reset = useCallback(() => {
    stopper.current?.abort();
    stopper.current = null;
    setBusy(new Map());
    setProgress(null);
    setProposal(null);
    setOrganized(null);
    setActivity(null);
  }, [setActivity]);

  return {
    busy,
    progress,
    generate,
    generateAll,
    /** Stops Generate All: nothing new starts; what is running finishes. */
    stopAll: () => stopper.current?.abort(),
    rewrite,
    rewriteAll,
    organize,
    proposal,
    acceptProposal,
    discardProposal: () => setProposal(null),
    organized,
    undoOrganize,
    dismissOrganized: () => setOrganized(null),
    reset,
  };
}
