import { firstTurns, type FirstExchange } from '@/shared/core/conversations/conversation.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { FollowUps, type FollowUpsProps } from './FollowUps.tsx';
import { useConversation, type ConversationSeed } from './useConversation.ts';

export interface SeededFollowUpsProps extends Omit<FollowUpsProps, 'conversation' | 'shownFrom'> {
  client: () => Promise<AppClient>;
  /** Where the conversation comes from (source, title, links), stored at the first follow-up. */
  origin: Omit<ConversationSeed, 'turns'>;
  /** The request and answer on screen above: the conversation's first two turns, not shown again. */
  first: FirstExchange;
}

/**
 * Follow-ups on an answer a screen already shows (a run, a generated document, an idea, a grounded
 * answer): that exchange is the conversation's first two turns. Give it a new key for a new answer.
 */
export function SeededFollowUps({ client, origin, first, ...rest }: SeededFollowUpsProps) {
  const conversation = useConversation({ client, seed: { ...origin, turns: firstTurns(first) } });
  return <FollowUps conversation={conversation} shownFrom={2} {...rest} />;
}
