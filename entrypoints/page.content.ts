import { defineContentScript } from 'wxt/utils/define-content-script';
import { onMessage } from '../extension/lib/messaging.ts';
import { insertIntoPage, pageContext } from '../extension/lib/page.ts';
import { pickRegion } from '../extension/lib/regionPick.ts';

/**
 * Reads the page for page variables and inserts results. Not declared in the manifest: the
 * extension injects it into the active tab when the user runs something (activeTab + scripting),
 * so it needs no standing access to every site.
 */
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main() {
    // Injected again on every run: answer once per page.
    const flag = '__aiVaultPageScript';
    const scope = globalThis as Record<string, unknown>;
    if (scope[flag]) return;
    scope[flag] = true;
    onMessage('page:context', ({ data }) => pageContext(document, data.maxChars));
    onMessage('page:insert', ({ data }) => insertIntoPage(document, data.text));
    onMessage('page:pickRegion', () => pickRegion(document));
  },
});
