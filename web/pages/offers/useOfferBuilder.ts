import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { defaultModel } from '@/shared/ai/modelChoice.ts';
import { generateFramework, type OfferAiOptions } from '@/shared/ai/offers.ts';
import { webUsage } from '@/web/lib/usage.ts';
import { PROVIDER_IDS, PROVIDER_KEYS, type ProviderId, isProviderId } from '@/shared/core/providerKeys.ts';
import type { OfferWorkspace } from '@/shared/core/offers/draft.ts';
import { newOffer, type OfferDraft } from '@/shared/core/offers/offer.ts';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';
import { OFFER_GENERATE_PARAM, OFFER_IDEA_PARAM, readOfferLink } from '@/shared/core/offerIdea.ts';
import { getOffer, saveOffer } from '@/shared/data/offers.ts';
import { hasUsableKey, targetFor, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { useAssetActions } from './useAssetActions.ts';
import { useKnowledgeContext } from './useKnowledgeContext.ts';
import { useOfferJobElsewhere, useShareOfferJob } from './useOfferJobs.ts';
import { useStoredWorkspace } from './useStoredWorkspace.ts';

/**
 * Whole-offer work that excludes other whole-offer work (single assets have their own busy state);
 * `elsewhere`: another tab of this browser runs Generate All or Rewrite All on the same working copy.
 */
export type Activity = 'framework' | 'generateAll' | 'rewriteAll' | 'organize' | 'elsewhere';

/** A new framework for the same offer keeps the content, notes and errors of the categories it still has. */
function withFramework(previous: OfferDraft, fresh: OfferDraft): OfferDraft {
  const kept = new Map(previous.assets.map((asset) => [asset.name, asset]));
  return {
    ...fresh,
    id: previous.id,
    generalNotes: previous.generalNotes,
    videoUrl: previous.videoUrl,
    heroImageId: previous.heroImageId,
    assets: fresh.assets.map((asset) => {
      const old = kept.get(asset.name);
      return old ? { ...asset, content: old.content, notes: old.notes, error: old.error } : asset;
    }),
  };
}

/**
 * The offer builder's state and actions: the working copy kept in
 * the browser, the provider and model, the knowledge-base context, the framework, saving and
 * opening saved offers; asset work lives in useAssetActions. Results of AI calls that finish after
 * the user moved to another offer are dropped (`session`).
 */
export function useOfferBuilder(userId: string) {
  const notify = useNotify();
  const adopted = useRef<(previous: OfferWorkspace, next: OfferWorkspace) => void>(() => undefined);
  const { workspace, current, update } = useStoredWorkspace(userId, (previous, next) => adopted.current(previous, next));
  const keys = useProviderKeys(userId);
  const session = useRef(0);
  const [ownActivity, setActivity] = useState<Activity | null>(null);
  const elsewhere = useOfferJobElsewhere();
  const activity: Activity | null = ownActivity ?? (elsewhere ? 'elsewhere' : null);
  const [frameworkError, setFrameworkError] = useState<string | null>(null);
  const [keyDialog, setKeyDialog] = useState<ProviderId | null>(null);
  const [saving, setSaving] = useState(false);
  // Ctrl+S while a save is on its way must not insert the same new offer twice.
  const savingNow = useRef(false);

  const available: AvailableKeys = useMemo(
    () => ({
      keys: Object.fromEntries(PROVIDER_IDS.map((id) => [id, keys.state.keys[id].value])) as AvailableKeys['keys'],
      customBaseUrl: keys.state.baseUrl.value,
    }),
    [keys.state],
  );
  const provider: ProviderId = isProviderId(workspace.provider)
    ? workspace.provider
    : (PROVIDER_IDS.find((id) => id !== 'chatgpt_custom' && hasUsableKey(id, available)) ?? 'openai');
  const choice: ModelChoice = { provider, model: isProviderId(workspace.provider) ? workspace.model : '' };
  const setChoice = useCallback((next: ModelChoice) => update((w) => ({ ...w, provider: next.provider, model: next.model })), [update]);
  const knowledge = useKnowledgeContext(choice.model || defaultModel(choice.provider, null));

  // "Offer from this page" in the extension opens /prompt-stacks?idea=…&generate=1: the idea is
  // taken once (and removed from the address, so a reload neither overwrites edits nor generates
  // again); `generate` asks the page to start once the keys and knowledge base are loaded.
  const [params, setParams] = useSearchParams();
  const { idea: linkIdea = null, generate: linkGenerates = false } = readOfferLink(params) ?? {};
  const [generateFromLink, setGenerateFromLink] = useState(false);
  const takeGenerateFromLink = useCallback(() => setGenerateFromLink(false), []);
  useEffect(() => {
    if (!linkIdea) return;
    update((w) => ({ ...w, idea: linkIdea }));
    if (linkGenerates) setGenerateFromLink(true);
    setParams(
      (now) => {
        now.delete(OFFER_IDEA_PARAM);
        now.delete(OFFER_GENERATE_PARAM);
        return now;
      },
      { replace: true },
    );
  }, [linkIdea, linkGenerates, update, setParams]);

  const changeOffer = useCallback(
    (change: (offer: OfferDraft) => OfferDraft) =>
      update((w) => {
        if (!w.offer) return w;
        const offer = change(w.offer);
        return offer === w.offer ? w : { ...w, offer, dirty: true };
      }),
    [update],
  );

  /** Provider, key and model for a call, or null after telling the user a key is missing (toast + modal). */
  const aiOptions = useCallback((): OfferAiOptions | null => {
    if (!hasUsableKey(choice.provider, available)) {
      notify({
        title: OFFER_TEXTS.apiKeyMissingTitle,
        description: `Add your ${PROVIDER_KEYS[choice.provider].label} API key in Settings to build offers.`,
        variant: 'destructive',
      });
      setKeyDialog(choice.provider);
      return null;
    }
    return {
      target: targetFor(choice.provider, available),
      model: choice.model || defaultModel(choice.provider, null),
      // The offer as it is when the call starts (none yet for a new framework).
      usage: (feature) => {
        const id = current.current.offer?.id;
        return webUsage(feature, { subject: id ? { kind: 'offer', id } : null });
      },
    };
  }, [choice.provider, choice.model, available, notify, current]);

  const assets = useAssetActions({
    current,
    changeOffer,
    session,
    aiOptions,
    context: knowledge.context,
    activity,
    setActivity,
    onKeyMissing: setKeyDialog,
  });
  const { reset: resetAssets } = assets;
  useShareOfferJob(ownActivity, assets.progress, workspace.offer);
  // Another tab of this browser wrote the working copy: work still running here for another offer is dropped.
  adopted.current = (previous, next) => {
    if (previous.offer?.id !== next.offer?.id || previous.offer?.framework.title !== next.offer?.framework.title) {
      session.current += 1;
      resetAssets();
    }
  };

  /** Moves to another offer (or none): work still running for the old one is stopped or ignored. */
  const replaceOffer = useCallback(
    (change: Parameters<typeof update>[0]) => {
      session.current += 1;
      resetAssets();
      setFrameworkError(null);
      update(change);
    },
    [resetAssets, update],
  );

  const runFramework = useCallback(
    async (mode: 'new' | 'regenerate'): Promise<boolean> => {
      const idea = (mode === 'regenerate' ? (current.current.offer?.idea ?? current.current.idea) : current.current.idea).trim();
      if (!idea || activity) return false;
      const options = aiOptions();
      if (!options) return false;
      const started = session.current;
      setActivity('framework');
      setFrameworkError(null);
      try {
        const framework = await generateFramework(idea, knowledge.context, options);
        if (started !== session.current) return false;
        replaceOffer((w) => {
          const fresh = { ...newOffer(idea, framework), videoUrl: w.videoUrl };
          return { ...w, offer: mode === 'regenerate' && w.offer ? withFramework(w.offer, fresh) : fresh, dirty: true };
        });
        notify({ title: OFFER_TEXTS.generated, description: `"${framework.title}" is ready. Generate its categories below.` });
        return true;
      } catch (thrown) {
        if (started !== session.current) return false;
        const error = toAiError(thrown, { provider: options.target.provider, fallback: OFFER_TEXTS.fallbackError });
        if (error.kind !== 'aborted') {
          setFrameworkError(error.message);
          notify({ title: error.title, description: error.message, variant: 'destructive' });
        }
        return false;
      } finally {
        setActivity((now) => (now === 'framework' ? null : now));
      }
    },
    [activity, aiOptions, current, knowledge.context, notify, replaceOffer],
  );

  const save = useCallback(async (): Promise<boolean> => {
    const w = current.current;
    if (!w.offer) {
      notify({ title: OFFER_TEXTS.noOfferTitle, description: OFFER_TEXTS.noOfferText, variant: 'destructive' });
      return false;
    }
    if (savingNow.current) return false;
    const sent = w.offer;
    savingNow.current = true;
    setSaving(true);
    const result = await saveOffer(supabase, { ...sent, videoUrl: w.videoUrl }).finally(() => {
      savingNow.current = false;
      setSaving(false);
    });
    if (result.error) {
      notify({ title: 'Error saving offer', description: result.error.message, variant: 'destructive' });
      return false;
    }
    // Changes made while saving stay unsaved; the row's id and hero are adopted either way.
    update((now) =>
      now.offer && now.offer.id === sent.id
        ? {
            ...now,
            offer: { ...now.offer, id: result.data.id, heroImageId: result.data.heroImageId },
            dirty: now.offer !== sent || now.videoUrl !== w.videoUrl,
          }
        : now,
    );
    notify({ title: 'Offer Saved', description: `"${sent.framework.title}" is in your saved offers.` });
    return true;
  }, [current, notify, update]);

  const open = useCallback(
    async (id: string): Promise<boolean> => {
      const result = await getOffer(supabase, id);
      if (result.error || !result.data) {
        notify({
          title: 'Error opening offer',
          description: result.error ? result.error.message : 'That offer no longer exists.',
          variant: 'destructive',
        });
        return false;
      }
      const offer = result.data;
      replaceOffer((w) => ({ ...w, idea: offer.idea, videoUrl: offer.videoUrl, offer, dirty: false }));
      notify({ title: 'Offer opened', description: `"${offer.framework.title}" is open.` });
      return true;
    },
    [notify, replaceOffer],
  );

  /** The saved row's hero changed (it is written there directly): the working copy follows, and stays as saved or unsaved as it was. */
  const setHero = useCallback(
    (offerId: string, heroImageId: string | null) =>
      update((w) =>
        w.offer && w.offer.id === offerId && w.offer.heroImageId !== heroImageId ? { ...w, offer: { ...w.offer, heroImageId } } : w,
      ),
    [update],
  );

  const startOver = useCallback(() => replaceOffer((w) => ({ ...w, idea: '', videoUrl: '', offer: null, dirty: false })), [replaceOffer]);

  return {
    workspace,
    setIdea: (idea: string) => update((w) => ({ ...w, idea })),
    setVideoUrl: (videoUrl: string) => update((w) => ({ ...w, videoUrl, dirty: w.offer ? true : w.dirty })),
    setGeneralNotes: (generalNotes: string) => changeOffer((offer) => ({ ...offer, generalNotes })),
    changeOffer,
    setHero,
    /** Keeps the open offer in step with a rename or delete done from the saved list. */
    syncSaved: (id: string, change: { title: string } | { deleted: true }) =>
      update((w) => {
        if (!w.offer || w.offer.id !== id) return w;
        // The deleted row took its hero with it: saved again, the offer is a new row without one.
        if ('deleted' in change) return { ...w, offer: { ...w.offer, id: null, heroImageId: null }, dirty: true };
        return { ...w, offer: { ...w.offer, framework: { ...w.offer.framework, title: change.title } } };
      }),
    keysReady: keys.ready,
    /** The link asked to generate, and the keys and knowledge base it needs are loaded: the page starts it (once). */
    generateFromLink: generateFromLink && keys.ready && knowledge.state.status !== 'loading',
    takeGenerateFromLink,
    available,
    choice,
    setChoice,
    knowledge,
    activity,
    /** The Generate All or Rewrite All another tab of this browser is running, with its progress. */
    elsewhere,
    frameworkError,
    generateFramework: () => runFramework('new'),
    regenerateFramework: () => runFramework('regenerate'),
    keyDialog,
    closeKeyDialog: () => setKeyDialog(null),
    saving,
    save,
    open,
    startOver,
    assets,
  };
}

export type OfferBuilder = ReturnType<typeof useOfferBuilder>;
