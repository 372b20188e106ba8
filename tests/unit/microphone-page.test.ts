// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { MICROPHONE_PAGE_TEXTS } from '@/shared/core/dictation.ts';
import { askForMicrophone } from '@/extension/lib/microphone.ts';

/**
 * The extension's microphone page. getUserMedia stands in for the browser's permission prompt and
 * its device: it answers a stream, or the DOMException names the Media Capture spec gives a refusal
 * (NotAllowedError) and a missing device (NotFoundError).
 */

const PAGE = '<p id="status" role="status"></p><button id="again" type="button" hidden>Try again</button>';

function media(answers: (() => MediaStream)[]) {
  const asked: MediaStreamConstraints[] = [];
  return {
    asked,
    getUserMedia: async (constraints?: MediaStreamConstraints) => {
      asked.push(constraints ?? {});
      return answers.shift()!();
    },
  };
}

const stream = (stopped: string[]) => ({ getTracks: () => [{ stop: () => stopped.push('audio') }] }) as unknown as MediaStream;
const refused = (name: string) => () => {
  throw new DOMException('refused', name);
};

beforeEach(() => {
  document.body.innerHTML = PAGE;
});

describe('the microphone page', () => {
  it('asks for audio only, releases the microphone at once and closes once allowed', async () => {
    const stopped: string[] = [];
    const devices = media([() => stream(stopped)]);
    let closed = 0;
    await askForMicrophone(document, devices, () => closed++);
    expect(devices.asked).toEqual([{ audio: true }]);
    expect(stopped).toEqual(['audio']);
    expect(document.getElementById('status')!.textContent).toBe(MICROPHONE_PAGE_TEXTS.allowed);
    expect(closed).toBe(1);
  });

  it('says how to unblock a refused microphone, and asks again on Try again', async () => {
    const stopped: string[] = [];
    const devices = media([refused('NotAllowedError'), () => stream(stopped)]);
    let closed = 0;
    await askForMicrophone(document, devices, () => closed++);
    const again = document.getElementById('again') as HTMLButtonElement;
    expect(document.getElementById('status')!.textContent).toBe(MICROPHONE_PAGE_TEXTS.blocked);
    expect(again.hidden).toBe(false);
    expect(closed).toBe(0);
    again.click();
    await expect.poll(() => closed).toBe(1);
    expect(devices.asked).toHaveLength(2);
  });

  it('says when there is no microphone', async () => {
    await askForMicrophone(document, media([refused('NotFoundError')]), () => undefined);
    expect(document.getElementById('status')!.textContent).toBe(MICROPHONE_PAGE_TEXTS.noMicrophone);
  });
});
