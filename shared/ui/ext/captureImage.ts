import { CAPTURE_TEXTS, captureVisibleTab, requestAllSitesAccess, type TabInfo } from '@/shared/ext/tabs.ts';
import { attachImage, blobOfDataUrl, type AttachedImage } from '../ai/imageAttach.ts';
import type { CaptureProblem } from '../ai/ImageAttachments.tsx';

/**
 * The visible part of the tab beside the panel as an attached image, or why not: where the browser
 * needs more access, the fix asks for it (every site, in the user's click) and the caller captures again.
 */
export async function captureTabImage(tab: TabInfo | null): Promise<AttachedImage | CaptureProblem> {
  const captured = await captureVisibleTab(tab);
  if (!captured.ok)
    return {
      message: captured.message,
      ...(captured.needsAccess ? { fix: { label: CAPTURE_TEXTS.allow, run: requestAllSitesAccess } } : {}),
    };
  const image = await attachImage(blobOfDataUrl(captured.dataUrl), `Screenshot of ${tab?.title || 'the tab'}`);
  return typeof image === 'string' ? { message: image } : image;
}
