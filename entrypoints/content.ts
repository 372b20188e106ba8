import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { isMessage, type MessageResponse } from '../shared/messages.ts';

export default defineContentScript({
  matches: ['<all_urls>'],
  main() {
    browser.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
      if (!isMessage(message, 'page:getSelection')) return false;
      const answer: MessageResponse<'page:getSelection'> = { text: window.getSelection()?.toString() ?? '' };
      sendResponse(answer);
      return true;
    });
  },
});
