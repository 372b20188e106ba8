import { cropBoxFor } from '@/extension/lib/regionPick.ts';
import { CAPTURE_TEXTS, captureVisibleTab, pickRegionInTab, requestAllSitesAccess, type TabInfo } from '@/extension/lib/tabs.ts';
import { attachImage, blobOfDataUrl, type AttachedImage } from '@/shared/ui/ai/imageAttach.ts';
import type { CaptureProblem } from '@/shared/ui/ai/ImageAttachments.tsx';

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

/** An area the user drags on the page, cut from the tab's capture; null when they cancelled. */
export async function captureRegionImage(tab: TabInfo | null): Promise<AttachedImage | CaptureProblem | null> {
  const picked = await pickRegionInTab(tab);
  if (!picked.ok) return { message: picked.message };
  if (!picked.region) return null;
  const captured = await captureVisibleTab(tab);
  if (!captured.ok)
    return {
      message: captured.message,
      ...(captured.needsAccess ? { fix: { label: CAPTURE_TEXTS.allow, run: requestAllSitesAccess } } : {}),
    };
  const whole = await createImageBitmap(blobOfDataUrl(captured.dataUrl));
  const box = cropBoxFor(picked.region, whole.width, whole.height);
  const canvas = document.createElement('canvas');
  canvas.width = box.width;
  canvas.height = box.height;
  canvas.getContext('2d')?.drawImage(whole, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
  whole.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return { message: CAPTURE_TEXTS.noAccess };
  const image = await attachImage(blob, `Area of ${tab?.title || 'the tab'}`);
  return typeof image === 'string' ? { message: image } : image;
}
