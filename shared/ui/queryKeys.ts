/**
 * Every query key of the apps, per feature. A feature's `all` is the prefix of each of its keys,
 * so `invalidateQueries({ queryKey: queryKeys.ideas.all })` asks again for everything it shows.
 * Each key is read and written through its feature's factory (shared/ui/queries/, web/queries/),
 * which ties it to its fetcher and data type; one key, one shape.
 * Keys carry no user id: the cache is emptied whenever the signed-in user changes (query.ts).
 */
export const queryKeys = {
  quota: {
    all: ['quota'] as const,
  },
  /** How this project is set up: whether it has a mailer, whether scheduled workflows run. */
  project: {
    all: ['project'] as const,
    mail: () => ['project', 'mail'] as const,
    schedules: () => ['project', 'schedules'] as const,
  },
  /** The dashboard's first-run checklist (each read records a dashboard visit). */
  gettingStarted: {
    all: ['gettingStarted'] as const,
  },
  /** The plan the caller's subscription gives now. */
  plan: {
    all: ['plan'] as const,
    /** The caller's Stripe subscription row (status, period end, cancellation). */
    subscription: () => ['plan', 'subscription'] as const,
  },
  /** The caller's team: who is in it, open invitations, the workspaces shared with it. */
  teams: {
    all: ['teams'] as const,
    mine: () => ['teams', 'mine'] as const,
    members: (teamId: string) => ['teams', 'members', teamId] as const,
    invitations: (teamId: string) => ['teams', 'invitations', teamId] as const,
    workspaces: (teamId: string) => ['teams', 'workspaces', teamId] as const,
  },
  prompts: {
    all: ['prompts'] as const,
    recent: (count: number) => ['prompts', 'recent', count] as const,
    /** Every folder of the user's library (the save-to-library dialog's choices). */
    folders: () => ['prompts', 'folders'] as const,
    /** The free prompt stacks with the user's own prompts (/prompts). */
    stacks: () => ['prompts', 'stacks'] as const,
    /** The user's tags with their spellings (the library's filter and suggestions). */
    tags: () => ['prompts', 'tags'] as const,
    /** Every view's cards of the library grid (the prefix of `cards`). */
    allCards: () => ['prompts', 'cards'] as const,
    /** One view's cards of the library grid: a folder, a filter or a search, with the pages read so far. */
    cards: (view: {
      mode: string;
      folderId: string | null;
      sort: string;
      query: string;
      favorites: boolean;
      tag: string | null;
      tagSpellings: readonly string[] | null;
    }) => ['prompts', 'cards', view] as const,
    /** One saved prompt (the side panel's runner). */
    detail: (id: string) => ['prompts', 'detail', id] as const,
    /** The prompt of /run-prompt/{id}: a saved one or a free stack's, with where it comes from. */
    runnable: (id: string) => ['prompts', 'runnable', id] as const,
    /** Every list of the side panel's library (the prefix of `panelList`). */
    panelLists: () => ['prompts', 'panel'] as const,
    /** One list of the side panel's library: a folder, the favourites or a search, its first `limit` prompts. */
    panelList: (list: { mode: string; folderId: string | null; query: string; limit: number }) => ['prompts', 'panel', list] as const,
    /** An open folder's breadcrumb: its parents walked up from it (at most 10). */
    breadcrumb: (folderId: string) => ['prompts', 'breadcrumb', folderId] as const,
    /** What a folder holds at every depth (the delete dialog's summary). */
    folderSummary: (folderId: string) => ['prompts', 'folderSummary', folderId] as const,
    /** The workflow builder's "From library" choices: the first prompts, or those matching a search. */
    picker: (search: string) => ['prompts', 'picker', search] as const,
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
    /** The generator's folders and documents in every sort read so far (the prefix of `list`). */
    lists: () => ['documents', 'list'] as const,
    /** The generator's folders and documents, as the database orders them for a sort. */
    list: (sort: string) => ['documents', 'list', sort] as const,
    /** The user's documents, newest first, without folders (a workspace file's document picker). */
    picker: () => ['documents', 'picker'] as const,
    /** Some documents by id (the names and download counters of a workspace's files). */
    byIds: (ids: readonly string[]) => ['documents', 'byIds', ids] as const,
  },
  shares: {
    all: ['shares'] as const,
    /** Who one workspace or document is shared with (the Share dialog). */
    list: (target: { workspaceId: string } | { documentId: string }) => ['shares', 'list', target] as const,
    /** How many addresses each of the user's documents is shared with (the generator's rows). */
    documentCounts: () => ['shares', 'documentCounts'] as const,
  },
  featureRequests: {
    all: ['featureRequests'] as const,
    /** The features the user already asked for. */
    mine: () => ['featureRequests', 'mine'] as const,
    /** Every request with its requester and each feature's shipped state (the admin tab). */
    admin: () => ['featureRequests', 'admin'] as const,
  },
  /** The Training Hub: the published videos, the user's watched marks, and the admin tab's full catalogue. */
  training: {
    all: ['training'] as const,
    published: () => ['training', 'published'] as const,
    watched: () => ['training', 'watched'] as const,
    catalogue: () => ['training', 'catalogue'] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    search: (query: { search: string; page: number }) => ['conversations', 'search', query] as const,
    detail: (id: string) => ['conversations', 'detail', id] as const,
    /** Where a conversation's question images show (signed addresses), by their file names. */
    images: (paths: readonly string[]) => ['conversations', 'images', ...paths] as const,
  },
  workflows: {
    all: ['workflows'] as const,
    list: () => ['workflows', 'list'] as const,
    detail: (id: string) => ['workflows', 'detail', id] as const,
    /** A saved workflow's or a template's run history. */
    runs: (source: { workflowId: string } | { templateId: string }) => ['workflows', 'runs', source] as const,
    /** Every run history (the prefix of `runs`). */
    allRuns: () => ['workflows', 'runs'] as const,
    run: (id: string) => ['workflows', 'run', id] as const,
    /** Every reopened run (the prefix of `run`). */
    allRunDetails: () => ['workflows', 'run'] as const,
  },
  ideas: {
    all: ['ideas'] as const,
    list: () => ['ideas', 'list'] as const,
  },
  /** Generated pictures with the addresses they show at (signed for an hour), per filter. */
  pictures: {
    all: ['pictures'] as const,
    list: (filter: string) => ['pictures', 'list', filter] as const,
    url: (path: string) => ['pictures', 'url', path] as const,
    one: (id: string) => ['pictures', 'one', id] as const,
    /** A workflow step's picture with its address (the dashboard's run page and the side panel). */
    step: (id: string) => ['pictures', 'step', id] as const,
  },
  pitchDecks: {
    all: ['pitchDecks'] as const,
    list: () => ['pitchDecks', 'list'] as const,
    detail: (id: string) => ['pitchDecks', 'detail', id] as const,
  },
  offers: {
    all: ['offers'] as const,
    list: () => ['offers', 'list'] as const,
  },
  knowledge: {
    all: ['knowledge'] as const,
    /** Folders, documents and the saved selection (the Knowledge Base page, and what the Offer Builder feeds in). */
    base: () => ['knowledge', 'base'] as const,
    /** Folders and documents without the saved selection (the generators' knowledge-base choice). */
    list: () => ['knowledge', 'list'] as const,
    /** One document with its text (a cited source). */
    document: (id: string) => ['knowledge', 'document', id] as const,
    /** The models a custom OpenAI-compatible base URL lists (its embedding model is chosen from them). */
    embeddingModels: (baseUrl: string) => ['knowledge', 'embedding-models', baseUrl] as const,
  },
  workspaces: {
    all: ['workspaces'] as const,
    /** The file manager: own workspaces, and the workspaces and documents shared with the user. */
    lists: () => ['workspaces', 'lists'] as const,
    /** One workspace as saved (own or shared; null when missing). */
    detail: (id: string) => ['workspaces', 'detail', id] as const,
  },
  admin: {
    all: ['admin'] as const,
    /** The viewer's role as the database has it now (who may see the admin screen). */
    access: () => ['admin', 'access'] as const,
    /** The prompt catalogues as their editors list them (hidden rows and premium texts included). */
    catalogRecommended: () => ['admin', 'catalog', 'recommended'] as const,
    catalogFree: () => ['admin', 'catalog', 'free'] as const,
    messages: (limit: number) => ['admin', 'messages', limit] as const,
    monitoring: () => ['admin', 'monitoring'] as const,
    /** Recent operational events and their counts per kind. */
    monitoringActivity: () => ['admin', 'monitoring', 'activity'] as const,
    /** Every generated document, as Product Management lists them. */
    products: () => ['admin', 'products'] as const,
    users: () => ['admin', 'users'] as const,
    /** Everybody's AI usage totals since a day (aggregates only). */
    usageTotals: (since: string) => ['admin', 'usageTotals', since] as const,
  },
  runs: {
    all: ['runs'] as const,
    /** The run history, newest first, read a page at a time: all runs, or one prompt's. */
    list: (filter: { promptId?: string; freePromptId?: string }) => ['runs', 'list', filter] as const,
  },
  products: {
    all: ['products'] as const,
    /** The storefront's list of products that can be bought. */
    forSale: () => ['products', 'for-sale'] as const,
    /** The name of the file a product's buyers receive (Product Management). */
    deliverable: (id: string) => ['products', 'deliverable', id] as const,
    detail: (id: string) => ['products', 'detail', id] as const,
    /** A Checkout session's purchase of a product, as the server confirms it. */
    purchase: (productId: string, sessionId: string) => ['products', 'purchase', productId, sessionId] as const,
  },
  /** The Usage page: ledger rows of a period, what the top runs belong to, settings, prices, budgets, the team's month. */
  usage: {
    all: ['usage'] as const,
    events: (period: { from: string; to: string }) => ['usage', 'events', period] as const,
    subjects: (keys: readonly string[]) => ['usage', 'subjects', keys] as const,
    settings: () => ['usage', 'settings'] as const,
    prices: () => ['usage', 'prices'] as const,
    budgets: () => ['usage', 'budgets'] as const,
    budgetStatus: () => ['usage', 'budgetStatus'] as const,
    team: (monthStart: string) => ['usage', 'team', monthStart] as const,
  },
} as const;
