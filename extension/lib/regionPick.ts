/**
 * "Select an area" on the page (content script side): a full-window layer on which the user drags
 * a rectangle; Escape, or a click without a drag, cancels. The layer is gone (and painted away)
 * before the answer, so the capture that follows does not show it.
 */

export interface PickedRegion {
  /** CSS pixels of the viewport: the rectangle, and the viewport it was drawn in. */
  x: number;
  y: number;
  width: number;
  height: number;
  viewportWidth: number;
  viewportHeight: number;
}

const MIN_SIZE = 8;

export function pickRegion(doc: Document): Promise<PickedRegion | null> {
  const win = doc.defaultView!;
  return new Promise((resolve) => {
    const layer = doc.createElement('div');
    layer.setAttribute('data-ai-vault-region', '');
    layer.setAttribute('role', 'dialog');
    layer.setAttribute('aria-label', 'Drag to select an area for AI Vault. Press Escape to cancel.');
    layer.tabIndex = -1;
    Object.assign(layer.style, {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      cursor: 'crosshair',
      background: 'rgba(15, 23, 42, 0.25)',
    });
    const box = doc.createElement('div');
    Object.assign(box.style, { position: 'fixed', border: '2px solid #4f46e5', background: 'rgba(255, 255, 255, 0.15)', display: 'none' });
    layer.append(box);
    let start: { x: number; y: number } | null = null;
    let rect = { x: 0, y: 0, width: 0, height: 0 };

    const finish = (picked: PickedRegion | null) => {
      layer.remove();
      doc.removeEventListener('keydown', onKey, true);
      // Two frames: the layer is painted away before the tab is captured.
      win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve(picked)));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      finish(null);
    };
    layer.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      start = { x: event.clientX, y: event.clientY };
      layer.setPointerCapture(event.pointerId);
    });
    layer.addEventListener('pointermove', (event) => {
      if (!start) return;
      rect = {
        x: Math.min(start.x, event.clientX),
        y: Math.min(start.y, event.clientY),
        width: Math.abs(event.clientX - start.x),
        height: Math.abs(event.clientY - start.y),
      };
      Object.assign(box.style, {
        display: 'block',
        left: `${rect.x}px`,
        top: `${rect.y}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
      });
    });
    layer.addEventListener('pointerup', () => {
      if (!start) return;
      const big = rect.width >= MIN_SIZE && rect.height >= MIN_SIZE;
      finish(big ? { ...rect, viewportWidth: win.innerWidth, viewportHeight: win.innerHeight } : null);
    });
    doc.addEventListener('keydown', onKey, true);
    doc.documentElement.append(layer);
    layer.focus();
  });
}

/**
 * The rectangle in the captured image's pixels: the capture is the viewport at the device's pixel
 * ratio, so CSS pixels scale by image width / viewport width (and height alike), rounded outwards
 * to whole pixels and kept inside the image.
 */
export function cropBoxFor(region: PickedRegion, imageWidth: number, imageHeight: number) {
  const sx = imageWidth / region.viewportWidth;
  const sy = imageHeight / region.viewportHeight;
  const left = Math.max(0, Math.floor(region.x * sx));
  const top = Math.max(0, Math.floor(region.y * sy));
  const right = Math.min(imageWidth, Math.ceil((region.x + region.width) * sx));
  const bottom = Math.min(imageHeight, Math.ceil((region.y + region.height) * sy));
  return { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}
