import type { CachedFolder, CachedPrompt, LibrarySnapshot } from '@/extension/lib/librarySnapshot.ts';
import { PANEL_TEXTS as T } from './panelTexts.ts';

/**
 * The side panel's first view in plain DOM: the header, the view tabs and either the library as
 * storage remembers it (search box, Folders / Favourites / Recent, the cached rows) or the sign-in
 * form. Same layout, texts, roles and labels as the React views that replace it (firstDraw.css
 * copies their look); every control carries `data-fd`, the key its React twin carries too, so
 * what the user typed, focused or clicked meanwhile is handed over.
 */

type Child = Node | string | null | false;
type Attrs = Record<string, string | boolean | undefined>;

function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

/** A Material icon (same path data as @mui/icons-material), hidden from screen readers like MUI's. */
function icon(d: string, className = 'fd-icon-svg'): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', className);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

const ICONS = {
  search:
    'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14',
  openInNew:
    'M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z',
  dark: 'M9.37 5.51c-.18.64-.27 1.31-.27 1.99 0 4.08 3.32 7.4 7.4 7.4.68 0 1.35-.09 1.99-.27C17.45 17.19 14.93 19 12 19c-3.86 0-7-3.14-7-7 0-2.93 1.81-5.45 4.37-6.49M12 3c-4.97 0-9 4.03-9 9s4.03 9 9 9 9-4.03 9-9c0-.46-.04-.92-.1-1.36-.98 1.37-2.58 2.26-4.4 2.26-2.98 0-5.4-2.42-5.4-5.4 0-1.81.89-3.42 2.26-4.4-.44-.06-.9-.1-1.36-.1',
  light:
    'M12 9c1.65 0 3 1.35 3 3s-1.35 3-3 3-3-1.35-3-3 1.35-3 3-3m0-2c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5M2 13h2c.55 0 1-.45 1-1s-.45-1-1-1H2c-.55 0-1 .45-1 1s.45 1 1 1m18 0h2c.55 0 1-.45 1-1s-.45-1-1-1h-2c-.55 0-1 .45-1 1s.45 1 1 1M11 2v2c0 .55.45 1 1 1s1-.45 1-1V2c0-.55-.45-1-1-1s-1 .45-1 1m0 18v2c0 .55.45 1 1 1s1-.45 1-1v-2c0-.55-.45-1-1-1s-1 .45-1 1M5.99 4.58c-.39-.39-1.03-.39-1.41 0-.39.39-.39 1.03 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0s.39-1.03 0-1.41zm12.37 12.37c-.39-.39-1.03-.39-1.41 0-.39.39-.39 1.03 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0 .39-.39.39-1.03 0-1.41zm1.06-10.96c.39-.39.39-1.03 0-1.41-.39-.39-1.03-.39-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0zM7.05 18.36c.39-.39.39-1.03 0-1.41-.39-.39-1.03-.39-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0z',
  lightbulb:
    'M9 21c0 .55.45 1 1 1h4c.55 0 1-.45 1-1v-1H9zm3-19C8.14 2 5 5.14 5 9c0 2.38 1.19 4.47 3 5.74V17c0 .55.45 1 1 1h6c.55 0 1-.45 1-1v-2.26c1.81-1.27 3-3.36 3-5.74 0-3.86-3.14-7-7-7m2.85 11.1-.85.6V16h-4v-2.3l-.85-.6C7.8 12.16 7 10.63 7 9c0-2.76 2.24-5 5-5s5 2.24 5 5c0 1.63-.8 3.16-2.15 4.1',
  star: 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z',
  starBorder:
    'm22 9.24-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28z',
  folder: 'm9.17 6 2 2H20v10H4V6zM10 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V8c0-1.1-.9-2-2-2h-8z',
  chevron: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  eye: 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
};

/** The brand mark, as shared/ui/Logo.tsx draws it. */
function logo(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 64 64');
  svg.setAttribute('width', '28');
  svg.setAttribute('height', '28');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'fd-logo');
  svg.innerHTML =
    '<defs><linearGradient id="fd-grad" x1="0" y1="0" x2="64" y2="64" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#4F46E5"/><stop offset="1" stop-color="#9333EA"/></linearGradient></defs>' +
    '<rect width="64" height="64" rx="15" fill="url(#fd-grad)"/><circle cx="30" cy="35" r="15" fill="none" stroke="#fff" stroke-width="5"/><circle cx="30" cy="35" r="4.5" fill="#fff"/>' +
    '<path d="M30 24.5v4M30 41.5v4M19.5 35h4M36.5 35h4" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/><path d="M50 7l2.2 5.3L57.5 14.5l-5.3 2.2L50 22l-2.2-5.3L42.5 14.5l5.3-2.2z" fill="#FDE68A"/>';
  return svg;
}

const iconButton = (key: string, label: string, d: string, extra: Attrs = {}) =>
  h('button', { type: 'button', class: 'fd-icon-button', 'aria-label': label, 'data-fd': key, ...extra }, icon(d));

function header(email: string | null, mode: 'light' | 'dark'): HTMLElement {
  const next = mode === 'dark' ? 'light' : 'dark';
  return h(
    'header',
    { class: 'fd-header' },
    logo(),
    h('h1', { class: 'fd-title' }, T.product),
    // The page beside the panel is not known yet: disabled, as the app draws it until it is.
    email && iconButton('offer', T.offer, ICONS.lightbulb, { disabled: true }),
    iconButton('dashboard', T.openDashboard, ICONS.openInNew),
    h(
      'button',
      { type: 'button', class: 'fd-icon-button fd-mode', 'aria-label': T.switchMode(next), 'data-fd': 'mode' },
      icon(mode === 'dark' ? ICONS.light : ICONS.dark, 'fd-icon-svg fd-icon-large'),
    ),
    email &&
      h(
        'button',
        {
          type: 'button',
          class: 'fd-icon-button fd-account',
          'aria-label': T.account(email),
          'aria-haspopup': 'menu',
          'data-fd': 'account',
        },
        h('span', { class: 'fd-avatar' }, (email[0] ?? '?').toUpperCase()),
      ),
  );
}

function tabs(signedIn: boolean): HTMLElement {
  const names = signedIn ? (['prompts', 'chat', 'workflows', 'history', 'settings'] as const) : (['prompts', 'settings'] as const);
  return h(
    'div',
    { class: 'fd-tabs' },
    h(
      'div',
      { role: 'tablist', 'aria-label': T.views, class: 'fd-tablist' },
      ...names.map((name) =>
        h(
          'button',
          {
            type: 'button',
            role: 'tab',
            class: 'fd-tab',
            'aria-selected': String(name === 'prompts'),
            tabindex: name === 'prompts' ? '0' : '-1',
            'data-fd': `tab:${name}`,
          },
          T.tabs[name],
        ),
      ),
    ),
  );
}

const folderRow = (folder: CachedFolder) =>
  h(
    'li',
    {},
    h(
      'button',
      { type: 'button', class: 'fd-row fd-folder', 'aria-label': T.openFolder(folder.name), 'data-fd': `folder:${folder.id}` },
      icon(ICONS.folder, 'fd-icon-svg fd-primary'),
      h('span', { class: 'fd-row-name fd-grow' }, folder.name),
      icon(ICONS.chevron, 'fd-icon-svg fd-muted'),
    ),
  );

const promptRow = (prompt: CachedPrompt) =>
  h(
    'li',
    { class: 'fd-prompt' },
    h(
      'button',
      { type: 'button', class: 'fd-row fd-prompt-open', 'data-fd': `prompt:${prompt.id}` },
      h('span', { class: 'fd-row-name' }, prompt.name),
      prompt.preview && h('span', { class: 'fd-row-preview' }, prompt.preview),
    ),
    iconButton(`fav:${prompt.id}`, T.favourite(prompt.name, prompt.isFavorite), prompt.isFavorite ? ICONS.star : ICONS.starBorder, {
      'aria-pressed': String(prompt.isFavorite),
      class: prompt.isFavorite ? 'fd-icon-button fd-favourite' : 'fd-icon-button',
    }),
  );

function library(snapshot: LibrarySnapshot | null): HTMLElement {
  const modes = ['folders', 'favorites', 'recent'] as const;
  return h(
    'div',
    { class: 'fd-stack fd-gap-12' },
    h(
      'div',
      { class: 'fd-field fd-search' },
      icon(ICONS.search, 'fd-icon-svg fd-muted'),
      h('input', { type: 'search', class: 'fd-input', placeholder: T.search, 'aria-label': T.search, 'data-fd': 'search' }),
    ),
    h(
      'div',
      { role: 'group', 'aria-label': T.show, class: 'fd-toggles' },
      ...modes.map((mode) =>
        h(
          'button',
          { type: 'button', class: 'fd-toggle', 'aria-pressed': String(mode === 'folders'), 'data-fd': `mode:${mode}` },
          T.modes[mode],
        ),
      ),
    ),
    // The rows storage remembers, under the progress bar until the server's list replaces them.
    h(
      'div',
      { class: 'fd-list', 'aria-busy': 'true' },
      h('span', { class: 'fd-progress', role: 'progressbar', 'aria-label': T.loadingPrompts }, h('span', { class: 'fd-progress-bar' })),
      snapshot &&
        h('ul', { class: 'fd-rows', 'aria-label': T.promptsList }, ...snapshot.folders.map(folderRow), ...snapshot.prompts.map(promptRow)),
    ),
  );
}

const field = (key: string, label: string, type: string, autocomplete: string, end?: Node) =>
  h(
    'div',
    { class: end ? 'fd-field fd-labelled fd-has-end' : 'fd-field fd-labelled' },
    h('input', { id: `fd-${key}`, class: 'fd-input', type, autocomplete, placeholder: ' ', 'data-fd': key }),
    h('label', { for: `fd-${key}`, class: 'fd-label' }, h('span', {}, label)),
    end ?? null,
  );

function signIn(): HTMLElement {
  const s = T.signIn;
  return h(
    'section',
    { 'aria-label': s.section, class: 'fd-stack fd-gap-16 fd-sign-in' },
    h('div', {}, h('h2', { class: 'fd-h6' }, s.title), h('p', { class: 'fd-body2 fd-muted-text' }, s.lead)),
    h(
      'div',
      { class: 'fd-stack fd-gap-16' },
      h(
        'form',
        { 'aria-label': s.form, novalidate: true, 'data-fd': 'sign-in-form' },
        h(
          'div',
          { class: 'fd-stack fd-gap-16' },
          field('email', s.email, 'email', 'email'),
          field('password', s.password, 'password', 'current-password', iconButton('show-password', s.showPassword, ICONS.eye)),
          h('button', { type: 'submit', class: 'fd-button fd-contained', 'data-fd': 'sign-in' }, s.submit),
        ),
      ),
      h('div', { class: 'fd-divider', role: 'separator' }, h('span', {}, s.or)),
      h('button', { type: 'button', class: 'fd-button fd-outlined', 'data-fd': 'google' }, googleMark(), s.google),
      h(
        'p',
        { class: 'fd-body2 fd-muted-text fd-center' },
        `${s.newHere} `,
        h('button', { type: 'button', class: 'fd-link', 'data-fd': 'create-account' }, s.createAccount),
      ),
    ),
  );
}

function googleMark(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 48 48');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'fd-google');
  svg.innerHTML =
    '<path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"/>' +
    '<path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"/>' +
    '<path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"/>' +
    '<path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"/>';
  return svg;
}

/** What the first view shows: signed out, or signed in (with the remembered library when storage has it). */
export type FirstViewState = { kind: 'signedOut' } | { kind: 'signedIn'; email: string; library: LibrarySnapshot | null };

/** The whole first view for this state and colour mode. */
export function firstView(state: FirstViewState, mode: 'light' | 'dark'): HTMLElement {
  const signedIn = state.kind === 'signedIn';
  return h(
    'div',
    { class: 'fd-page' },
    header(signedIn ? state.email : null, mode),
    tabs(signedIn),
    h('main', { class: 'fd-main' }, signedIn ? library(state.library) : signIn()),
  );
}
