import { MICROPHONE_PAGE_TEXTS } from '@/shared/core/dictation.ts';

/**
 * The extension's microphone page (entrypoints/microphone): Chrome anchors its permission prompt
 * to a tab, so a side panel or a popup asking for the microphone is refused without a prompt.
 * Opened in a tab from a dictation button, this page asks once for the extension's origin; the
 * grant then holds for the panel too, which notices it by itself. DOM only.
 */
export async function askForMicrophone(doc: Document, media: Pick<MediaDevices, 'getUserMedia'>, close: () => void): Promise<void> {
  const status = doc.getElementById('status')!;
  const again = doc.getElementById('again') as HTMLButtonElement;
  const ask = async () => {
    again.hidden = true;
    status.textContent = MICROPHONE_PAGE_TEXTS.asking;
    try {
      const stream = await media.getUserMedia({ audio: true });
      // Only the permission was wanted: the microphone is released at once.
      for (const track of stream.getTracks()) track.stop();
      status.textContent = MICROPHONE_PAGE_TEXTS.allowed;
      close();
    } catch (error) {
      // A DOMException (not an Error in every realm): its name says which refusal it is.
      const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
      status.textContent = name === 'NotFoundError' ? MICROPHONE_PAGE_TEXTS.noMicrophone : MICROPHONE_PAGE_TEXTS.blocked;
      again.hidden = false;
    }
  };
  again.addEventListener('click', () => void ask());
  await ask();
}
