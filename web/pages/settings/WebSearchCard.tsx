import { WebSearchKeyCard } from '@/shared/ui/webSearch/WebSearchKeyCard.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { webData } from '../run/runSide.ts';

/** Settings → Web search in the dashboard: the shared card over the dashboard's data client. */
export function WebSearchCard() {
  return <WebSearchKeyCard client={webData} signedIn={useUser() !== null} />;
}
