import { useEffect, useRef, useState } from 'react';
import { Autocomplete, FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { defaultModel, chatModels } from '@/shared/ai/modelChoice.ts';
import { listModels } from '@/shared/ai/keyTest.ts';
import { keyRequired, type ProviderTarget } from '@/shared/ai/providers.ts';
import { PROVIDER_IDS, PROVIDER_KEYS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { providerOptionLabel, type ProviderLabels } from './providerLabels.ts';
import { errorMessage } from '../../core/text.ts';

/** The keys the user has (by provider) and the custom base URL, from either front end's key store. */
export interface AvailableKeys {
  keys: Partial<Record<ProviderId, string | null>>;
  customBaseUrl: string | null;
}

export interface ModelChoice {
  provider: ProviderId;
  model: string;
}

export const targetFor = (provider: ProviderId, available: AvailableKeys): ProviderTarget => ({
  provider,
  apiKey: available.keys[provider] ?? null,
  customBaseUrl: available.customBaseUrl,
});

export const hasUsableKey = (provider: ProviderId, available: AvailableKeys): boolean =>
  Boolean(available.keys[provider]?.trim()) || !keyRequired(targetFor(provider, available));

/** Model lists per provider and key, for the session (asked once). */
const listCache = new Map<string, Promise<string[]>>();
function cachedModels(target: ProviderTarget): Promise<string[]> {
  const cacheKey = `${target.provider}|${target.apiKey ?? ''}|${target.customBaseUrl ?? ''}`;
  let list = listCache.get(cacheKey);
  if (!list) {
    list = listModels(target).then(chatModels);
    list.catch(() => listCache.delete(cacheKey));
    listCache.set(cacheKey, list);
  }
  return list;
}

/**
 * Provider and model for a run: every provider is offered (those without a key say so); the model
 * list comes from the provider with our default preselected, and any model name can be typed.
 * `optionalModel` (a saved prompt's default): the model may stay empty, meaning the provider's
 * default at run time, so nothing is preselected. `providerLabels` renames providers in the choice
 * (the prompt screens use their own names, e.g. 'GPT-4 Turbo': PROMPT_SCREEN_PROVIDER_LABELS).
 */
export function ModelPicker({
  value,
  available,
  onChange,
  idPrefix = 'ai',
  optionalModel = false,
  providerLabels,
}: {
  value: ModelChoice;
  available: AvailableKeys;
  onChange: (next: ModelChoice) => void;
  idPrefix?: string;
  optionalModel?: boolean;
  providerLabels?: ProviderLabels;
}) {
  const [models, setModels] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const usable = hasUsableKey(value.provider, available);
  const target = targetFor(value.provider, available);
  // The model may be chosen (or restored) while the list loads: the default must not replace it then.
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    let cancelled = false;
    setModels(null);
    setProblem(null);
    if (!usable) return;
    cachedModels(target)
      .then((list) => {
        if (cancelled) return;
        setModels(list);
        if (!latest.current.model && !optionalModel) onChange({ provider: value.provider, model: defaultModel(value.provider, list) });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setModels([]);
        setProblem(`Could not load the model list (${errorMessage(error)}). Type a model name.`);
        if (!latest.current.model && !optionalModel) onChange({ provider: value.provider, model: defaultModel(value.provider, null) });
      });
    return () => {
      cancelled = true;
    };
    // The list depends on the provider and its key only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value.provider, target.apiKey, target.customBaseUrl, usable]);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ minWidth: 0 }}>
      <FormControl size="small" sx={{ minWidth: 190 }}>
        <InputLabel id={`${idPrefix}-provider-label`}>AI provider</InputLabel>
        <Select
          labelId={`${idPrefix}-provider-label`}
          label="AI provider"
          value={value.provider}
          onChange={(e) => onChange({ provider: e.target.value as ProviderId, model: '' })}
        >
          {PROVIDER_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {providerOptionLabel(id, hasUsableKey(id, available), providerLabels)}
            </MenuItem>
          ))}
        </Select>
        {!usable && <FormHelperText error>Add your {PROVIDER_KEYS[value.provider].label} API key in Settings.</FormHelperText>}
      </FormControl>
      <Autocomplete
        freeSolo
        size="small"
        sx={{ flexGrow: 1, minWidth: 200 }}
        options={models ?? []}
        loading={usable && models === null}
        value={value.model}
        onInputChange={(_e, model) => onChange({ provider: value.provider, model: model.trim() })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={optionalModel ? 'Model (optional)' : 'Model'}
            helperText={problem ?? (optionalModel ? "Empty: the provider's default model." : undefined)}
          />
        )}
      />
    </Stack>
  );
}
