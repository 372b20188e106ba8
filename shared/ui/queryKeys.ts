/**
 * Every query key of the apps, per feature. A feature's `all` is the prefix of each of its keys,
 * so `invalidateQueries({ queryKey: queryKeys.ideas.all })` asks again for everything it shows.
 * Keys carry no user id: the cache is emptied whenever the signed-in user changes (query.ts).
 */
export const queryKeys = {
  quota: {
    all: ['quota'] as const,
  },
  prompts: {
    all: ['prompts'] as const,
    recent: (count: number) => ['prompts', 'recent', count] as const,
    /** Every folder of the user's library (the save-to-library dialog's choices). */
    folders: () => ['prompts', 'folders'] as const,
    /** The free prompt stacks with the user's own prompts (/prompts). */
    stacks: () => ['prompts', 'stacks'] as const,
  },
  recommended: {
    all: ['recommended'] as const,
    page: (query: { search: string; category: string | null; page: number }) => ['recommended', 'page', query] as const,
    categories: () => ['recommended', 'categories'] as const,
  },
  documents: {
    all: ['documents'] as const,
    /** One document's text (the file manager's preview). */
    detail: (id: string) => ['documents', 'detail', id] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    search: (query: { search: string; page: number }) => ['conversations', 'search', query] as const,
    detail: (id: string) => ['conversations', 'detail', id] as const,
  },
  ideas: {
    all: ['ideas'] as const,
    list: () => ['ideas', 'list'] as const,
  },
  offers: {
    all: ['offers'] as const,
    list: () => ['offers', 'list'] as const,
  },
  knowledge: {
    all: ['knowledge'] as const,
    base: () => ['knowledge', 'base'] as const,
    /** One document with its text (a cited source). */
    document: (id: string) => ['knowledge', 'document', id] as const,
  },
  workspaces: {
    all: ['workspaces'] as const,
    /** The file manager: own workspaces, and the workspaces and documents shared with the user. */
    lists: () => ['workspaces', 'lists'] as const,
  },
  admin: {
    all: ['admin'] as const,
    messages: (limit: number) => ['admin', 'messages', limit] as const,
    monitoring: () => ['admin', 'monitoring'] as const,
    /** Every generated document, as Product Management lists them. */
    products: () => ['admin', 'products'] as const,
    users: () => ['admin', 'users'] as const,
  },
  products: {
    all: ['products'] as const,
    detail: (id: string) => ['products', 'detail', id] as const,
    /** A Checkout session's purchase of a product, as the server confirms it. */
    purchase: (productId: string, sessionId: string) => ['products', 'purchase', productId, sessionId] as const,
  },
} as const;
