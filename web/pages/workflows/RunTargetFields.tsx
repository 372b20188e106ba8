import { Alert } from '@mui/material';
import { PROVIDER_KEYS } from '@/shared/core/providerKeys.ts';
import { WORKFLOW_PAGE_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { ModelPicker } from '@/shared/ui/ai/ModelPicker.tsx';
import type { RunTargetApi } from './useRunTarget.ts';

/** The provider and model a run uses, with a note when this browser holds no key for it. */
export function RunTargetFields({ run, idPrefix }: { run: RunTargetApi; idPrefix: string }) {
  return (
    <>
      <ModelPicker value={run.choice} available={run.available} onChange={run.setChoice} idPrefix={idPrefix} />
      {run.keysReady && !run.usable && (
        <Alert severity="info">{WORKFLOW_PAGE_TEXTS.syncedKey(PROVIDER_KEYS[run.choice.provider].label)}</Alert>
      )}
    </>
  );
}
