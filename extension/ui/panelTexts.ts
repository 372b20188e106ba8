import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { PANEL_WORKFLOW_TEXTS } from '@/shared/core/workflows/runTexts.ts';

/**
 * The texts of the side panel's shell, library and sign-in form: one source for the plain first
 * view (drawn from storage before React loads) and the React views that replace it, so the two
 * read the same.
 */
export const PANEL_TEXTS = {
  product: PRODUCT_NAME,
  views: 'Side panel views',
  tabs: {
    prompts: 'Prompts',
    chat: CONVERSATION_TEXTS.chatTab,
    workflows: PANEL_WORKFLOW_TEXTS.tab,
    history: 'History',
    settings: 'Settings',
  },
  offer: 'Offer from this page',
  openDashboard: 'Open the dashboard',
  switchMode: (next: 'light' | 'dark') => `Switch to ${next} mode`,
  account: (email: string) => `Account: ${email}`,
  search: 'Search your prompts',
  show: 'Show',
  modes: { folders: 'Folders', favorites: 'Favourites', recent: 'Recent' },
  promptsList: 'Prompts',
  loadingPrompts: 'Loading prompts',
  openFolder: (name: string) => `Open folder ${name}`,
  favourite: (name: string, isFavorite: boolean) => (isFavorite ? `Remove ${name} from favourites` : `Add ${name} to favourites`),
  signIn: {
    section: 'Sign in',
    title: `Sign in to ${PRODUCT_NAME}`,
    lead: 'Run your saved prompts on any page with your own AI key.',
    form: 'Sign in with e-mail',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Sign in',
    or: 'or',
    google: 'Continue with Google',
    newHere: `New to ${PRODUCT_NAME}?`,
    createAccount: 'Create an account',
  },
} as const;
