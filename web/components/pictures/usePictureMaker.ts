import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AiError } from '@/shared/ai/aiErrors.ts';
import { generatePictures } from '@/shared/ai/imageGeneration.ts';
import { IMAGE_MODELS, imageBatchSteps, type ImageProvider, type ImageQuality, type ImageShape } from '@/shared/core/images/imageModels.ts';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { errorMessage } from '@/shared/core/text.ts';
import { keepPicture, type GeneratedImage, type ImagePurpose } from '@/shared/data/generatedImages.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { useEstimateConfirm, type JobToEstimate } from '@/shared/ui/usage/EstimateConfirm.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { webUsage } from '@/web/lib/usage.ts';

/** What the picture is for: kept with this purpose, linked to this offer or deck. */
export interface PictureFor {
  purpose: ImagePurpose;
  offerId?: string | null;
  pitchDeckId?: string | null;
}

export interface PictureForm {
  provider: ImageProvider;
  model: string;
  shape: ImageShape;
  quality: ImageQuality;
  count: number;
  prompt: string;
}

const client = () => Promise.resolve(supabase);

/**
 * The picture maker's state and its one action: draw with the user's key (asking first when the
 * batch's estimate is above their threshold), keep every picture in their gallery, and hand back
 * the kept ones. Stop cancels the request; a picture made but not kept is reported, not lost silently.
 */
export function usePictureMaker(userId: string, target: PictureFor, initial: Partial<PictureForm>) {
  const keys = useProviderKeys(userId);
  const queryClient = useQueryClient();
  const { confirmJob, dialog } = useEstimateConfirm(client);
  const firstWithKey: ImageProvider = keys.state.keys.openai.value || !keys.state.keys.gemini.value ? 'openai' : 'gemini';
  const [form, setForm] = useState<PictureForm>(() => ({
    provider: initial.provider ?? firstWithKey,
    model: initial.model ?? IMAGE_MODELS[initial.provider ?? firstWithKey][0]!,
    shape: initial.shape ?? 'landscape',
    quality: initial.quality ?? 'medium',
    count: initial.count ?? 1,
    prompt: initial.prompt ?? '',
  }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<GeneratedImage[]>([]);
  const stopper = useRef<AbortController | null>(null);

  const apiKey = keys.state.keys[form.provider].value;
  const job: JobToEstimate | null = useMemo(
    () =>
      form.prompt.trim()
        ? { provider: form.provider, model: form.model, steps: imageBatchSteps({ ...form, promptChars: form.prompt.length }) }
        : null,
    [form],
  );

  // Keys still loading when the dialog opened: once they are known, start on a provider the user has a key for.
  const chosenByUser = useRef(Boolean(initial.provider));
  useEffect(() => {
    if (!keys.ready || chosenByUser.current) return;
    chosenByUser.current = true;
    setForm((now) => (now.provider === firstWithKey ? now : { ...now, provider: firstWithKey, model: IMAGE_MODELS[firstWithKey][0]! }));
  }, [keys.ready, firstWithKey]);

  const change = useCallback((next: Partial<PictureForm>) => {
    if (next.provider) chosenByUser.current = true;
    setForm((now) => {
      const provider = next.provider ?? now.provider;
      // Another provider: its first model.
      const model = next.provider && next.provider !== now.provider ? IMAGE_MODELS[provider][0]! : (next.model ?? now.model);
      return { ...now, ...next, provider, model };
    });
  }, []);

  const make = useCallback(async () => {
    if (!job || busy) return;
    setError(null);
    if (!(await confirmJob(job))) return;
    const controller = new AbortController();
    stopper.current = controller;
    setBusy(true);
    try {
      const pictures = await generatePictures({
        target: { provider: form.provider, apiKey },
        model: form.model,
        prompt: form.prompt,
        shape: form.shape,
        quality: form.quality,
        count: form.count,
        signal: controller.signal,
        settings: { surface: 'page' },
        usage: webUsage('images', {
          subject: target.offerId
            ? { kind: 'offer', id: target.offerId }
            : target.pitchDeckId
              ? { kind: 'pitch_deck', id: target.pitchDeckId }
              : null,
        }),
      });
      const kept: GeneratedImage[] = [];
      for (const picture of pictures) {
        const saved = await keepPicture(supabase, userId, {
          ...picture,
          prompt: form.prompt,
          provider: form.provider,
          model: form.model,
          purpose: target.purpose,
          offerId: target.offerId ?? null,
          pitchDeckId: target.pitchDeckId ?? null,
        });
        if (saved.error) setError(`${PICTURE_TEXTS.saveFailed}: ${saved.error.message}`);
        else kept.push(saved.data);
      }
      setMade(kept);
      void queryClient.invalidateQueries({ queryKey: queryKeys.pictures.all });
    } catch (caught) {
      if (!(caught instanceof AiError && caught.kind === 'aborted')) setError(errorMessage(caught));
    } finally {
      stopper.current = null;
      setBusy(false);
    }
  }, [job, busy, confirmJob, form, apiKey, target, userId, queryClient]);

  const stop = useCallback(() => stopper.current?.abort(), []);

  return {
    form,
    change,
    job,
    hasKey: Boolean(apiKey?.trim()),
    keysReady: keys.ready,
    busy,
    error,
    made,
    make,
    stop,
    confirmDialog: dialog,
  };
}
