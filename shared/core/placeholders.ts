/**
 * Prompt placeholders and page variables: the one grammar the dashboard's
 * run-prompt form and the extension both use. Pure.
 *
 * Grammar (a placeholder is one line, at most 300 characters between its brackets):
 *
 *   [topic]                          a required text field
 *   [audience=small business owners] an optional field; the text after the first `=` is its default
 *                                    (`[notes=]` is optional with an empty default)
 *   [tone: friendly|formal|playful]  a required choice (at least two options, split on `|`)
 *   [tone: friendly|*formal]         a choice whose default is the option marked with a leading `*`
 *   {{selection}} {{page}} {{url}} {{title}} {{transcript}}
 *                                    page variables the extension fills from the current tab (the
 *                                    dashboard shows them as ordinary fields); spaces inside the
 *                                    braces and any letter case are allowed
 *   {{screenshot}}                   the visible tab as an image, captured when the panel runs the
 *                                    prompt (usesScreenshot, withScreenshotMention; not a field)
 *
 * The name (before `=` or `:`) starts with a letter and has at most 60 letters, digits, spaces and
 * `_ - ' ’ . & /`. Names match case-insensitively with runs of spaces collapsed, so `[Topic]` and
 * `[topic]` are one field; the first occurrence gives the label and the first one with a default
 * or options gives those.
 *
 * Not placeholders (left exactly as written): markdown links and images `[text](url)`, reference
 * links `[text][ref]`, task-list boxes `[ ]` `[x]` `[X]`, a bracket escaped with a backslash `\[`,
 * `[Note: be brief]` (a colon without `|` options), brackets spanning lines, unknown `{{words}}`.
 * Two pairs side by side (`[a][b]`) read as a reference link, so write `[a] [b]`.
 * With nested brackets the innermost valid pair is the placeholder: `[[topic]]` is `[` + topic + `]`.
 * Filling is one pass: a value that itself contains `[x]` is inserted as is, never parsed again.
 */

export const PAGE_VARIABLES = {
  selection: { label: 'Selected text', multiline: true },
  page: { label: 'Page text', multiline: true },
  url: { label: 'Page URL', multiline: false },
  title: { label: 'Page title', multiline: false },
  transcript: { label: 'Video transcript', multiline: true },
} as const;
export type PageVariable = keyof typeof PAGE_VARIABLES;
const PAGE_VARIABLE_NAMES = Object.keys(PAGE_VARIABLES) as PageVariable[];

const PLACEHOLDER_LIMITS = { maxInner: 300, maxName: 60 } as const;

/** A built-in stack's question: the label to show for one placeholder. */
export interface PromptQuestion {
  label: string;
  placeholderKey: string;
}

interface FieldBase {
  /** The key of this field's value in `fill`'s values: the normalised name, or `{{name}}` for page variables. */
  id: string;
  /** What the form shows: the question's label, the page variable's label or the humanised name. */
  label: string;
  /** The value used when the user leaves it empty; undefined = required. */
  defaultValue?: string;
  required: boolean;
  /** A hint for the form: a text area rather than one line. */
  multiline: boolean;
}

export type PromptField =
  | (FieldBase & { kind: 'text'; name: string })
  | (FieldBase & { kind: 'choice'; name: string; options: string[] })
  | (FieldBase & { kind: 'page'; name: PageVariable });

/** One placeholder occurrence in the text: where it is and which field it fills. */
interface PlaceholderToken {
  start: number;
  end: number;
  fieldId: string;
}

export interface ParsedPrompt {
  /** Unique fields in order of first appearance. */
  fields: PromptField[];
  /** Every occurrence, in text order. */
  tokens: PlaceholderToken[];
}

export type FieldValues = Readonly<Record<string, string | undefined>>;

export interface FillResult {
  /** The final prompt; a missing field's placeholders stay as written. */
  text: string;
  /** Required fields left empty (no value, only spaces, and no default), in form order. */
  missing: PromptField[];
}

const NAME = /^\p{L}[\p{L}\p{N} _'’.&/-]*$/u;
// Alternatives: an escaped bracket (skipped), a bracket pair on one line, a page variable.
const TOKEN = /\\\[|\[([^[\]\n]{1,300})\]|\{\{\s*([A-Za-z]+)\s*\}\}/g;
const MULTILINE_NAMES = new Set([
  'content',
  'notes',
  'text',
  'keywords',
  'transcript',
  'description',
  'details',
  'context',
  'draft',
  'article',
  'email',
]);

/** The id of a name: lower-cased, trimmed, runs of spaces collapsed. */
const normalizePlaceholderName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

const pageFieldId = (name: PageVariable) => `{{${name}}}`;

/** 'call_to_action' → 'Call to action'; 'INSERT TOPIC' stays as typed. */
export function humanizePlaceholderName(name: string): string {
  const spaced = name.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

type Spec = { name: string; defaultValue?: string; options?: string[] };

/** The inside of a bracket pair as a placeholder, or null when it is ordinary text. */
function readBracket(inner: string): Spec | null {
  if (/^\s*[xX ]?\s*$/.test(inner)) return null; // [ ] [x] [X] task boxes
  const eq = inner.indexOf('=');
  const colon = inner.indexOf(':');
  let spec: Spec;
  if (eq >= 0 && (colon < 0 || eq < colon)) {
    spec = { name: inner.slice(0, eq), defaultValue: inner.slice(eq + 1).trim() };
  } else if (colon >= 0) {
    const rest = inner.slice(colon + 1);
    if (!rest.includes('|')) return null; // "[Note: be brief]" is an instruction, not a choice
    let defaultValue: string | undefined;
    const options: string[] = [];
    for (const raw of rest.split('|')) {
      let option = raw.trim();
      if (option.startsWith('*')) {
        option = option.slice(1).trim();
        if (option && defaultValue === undefined) defaultValue = option;
      }
      if (option && !options.includes(option)) options.push(option);
    }
    if (options.length < 2) return null;
    spec = { name: inner.slice(0, colon), options, defaultValue };
  } else {
    spec = { name: inner };
  }
  spec.name = spec.name.trim();
  if (spec.name.length > PLACEHOLDER_LIMITS.maxName || !NAME.test(spec.name)) return null;
  return spec;
}

/** Parses a prompt's placeholders and page variables into form fields (questions give the labels). */
export function parsePrompt(text: string, questions: readonly PromptQuestion[] = []): ParsedPrompt {
  const labels = new Map(questions.map((q) => [normalizePlaceholderName(q.placeholderKey), q.label.trim()]));
  const fields = new Map<string, PromptField>();
  const tokens: PlaceholderToken[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[1] !== undefined) {
      // `[text](url)`, `![alt](src)` and both halves of a reference link `[text][ref]` are markdown.
      const next = text.charAt(end);
      const linked = next === '(' || next === '[' || text.charAt(start - 1) === ']';
      const spec = linked ? null : readBracket(m[1]);
      if (!spec) {
        // Not a placeholder: look again from just after its `[` (an inner pair may still be one).
        TOKEN.lastIndex = start + 1;
        continue;
      }
      const id = normalizePlaceholderName(spec.name);
      const existing = fields.get(id);
      if (!existing) {
        const base = {
          id,
          name: spec.name,
          label: labels.get(id) || humanizePlaceholderName(spec.name),
          defaultValue: spec.defaultValue,
          required: spec.defaultValue === undefined,
          multiline: MULTILINE_NAMES.has(id),
        };
        fields.set(id, spec.options ? { ...base, kind: 'choice', options: spec.options } : { ...base, kind: 'text' });
      } else if (existing.kind !== 'page') {
        // A later occurrence may add what the first one left out (options, a default).
        const defaultValue = existing.defaultValue ?? spec.defaultValue;
        const merged =
          existing.kind === 'text' && spec.options ? { ...existing, kind: 'choice' as const, options: spec.options } : existing;
        fields.set(id, { ...merged, defaultValue, required: defaultValue === undefined });
      }
      tokens.push({ start, end, fieldId: id });
    } else if (m[2] !== undefined) {
      const name = m[2].toLowerCase() as PageVariable;
      if (!PAGE_VARIABLE_NAMES.includes(name)) {
        TOKEN.lastIndex = start + 1;
        continue;
      }
      const id = pageFieldId(name);
      if (!fields.has(id)) {
        const { label, multiline } = PAGE_VARIABLES[name];
        fields.set(id, { kind: 'page', id, name, label: labels.get(name) || label, required: true, multiline });
      }
      tokens.push({ start, end, fieldId: id });
    }
    // An escaped bracket (`\[`) is skipped: its pair can never start a placeholder.
  }
  return { fields: [...fields.values()], tokens };
}

/** The value a field takes: the user's non-blank value, else its default, else undefined (missing). */
function effectiveValue(field: PromptField, values: FieldValues): string | undefined {
  const value = values[field.id];
  if (value !== undefined && value.trim() !== '') return value;
  return field.defaultValue;
}

/** Fills the prompt: one pass over the occurrences, values inserted verbatim. */
export function fillPrompt(text: string, values: FieldValues, parsed: ParsedPrompt = parsePrompt(text)): FillResult {
  const resolved = new Map(parsed.fields.map((f) => [f.id, effectiveValue(f, values)]));
  let out = '';
  let at = 0;
  for (const token of parsed.tokens) {
    const value = resolved.get(token.fieldId);
    out += text.slice(at, token.start) + (value ?? text.slice(token.start, token.end));
    at = token.end;
  }
  out += text.slice(at);
  return { text: out, missing: parsed.fields.filter((f) => resolved.get(f.id) === undefined) };
}

/** The starting values of a form: each field's default (empty when none). */
export function initialValues(fields: readonly PromptField[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.id, f.defaultValue ?? '']));
}

/** The extension's page context as values for the page-variable fields. */
export function pageValues(context: Partial<Record<PageVariable, string>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of PAGE_VARIABLE_NAMES) {
    const value = context[name];
    if (value !== undefined) values[pageFieldId(name)] = value;
  }
  return values;
}

/** Whether the prompt uses any page variable (the extension then reads the tab before running). */
export const usesPageVariables = (parsed: ParsedPrompt): PageVariable[] =>
  parsed.fields.flatMap((f) => (f.kind === 'page' ? [f.name] : []));

/**
 * `{{screenshot}}`: the side panel captures the visible tab when the prompt runs and sends it as an
 * image with the prompt (the dashboard asks for an attached image instead). Not a form field: the
 * token is replaced in the text by a mention of the image.
 */
const SCREENSHOT_TOKEN = /\{\{\s*screenshot\s*\}\}/gi;
const SCREENSHOT_MENTION = '(the screenshot of the page, attached)';

export const usesScreenshot = (text: string): boolean => new RegExp(SCREENSHOT_TOKEN.source, 'i').test(text);

export const withScreenshotMention = (text: string): string => text.replace(SCREENSHOT_TOKEN, SCREENSHOT_MENTION);
