import type { Page } from '@playwright/test';

/** Clicks Download Now: the saved file's name and its first bytes (the file comes from a signed storage URL). */
export async function downloadFile(page: Page): Promise<{ name: string; start: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Now' }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), start: Buffer.concat(chunks).subarray(0, 5).toString('latin1') };
}
