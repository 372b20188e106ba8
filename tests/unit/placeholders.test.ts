import { describe, expect, it } from 'vitest';
import {
  fillPrompt,
  humanizePlaceholderName,
  initialValues,
  pageValues,
  parsePrompt,
  usesPageVariables,
  type PromptField,
} from '@/shared/core/placeholders.ts';

const ids = (text: string) => parsePrompt(text).fields.map((f) => f.id);
const field = (text: string, id: string): PromptField => {
  const found = parsePrompt(text).fields.find((f) => f.id === id);
  if (!found) throw new Error(`no field ${id} in ${text}`);
  return found;
};

describe('parsePrompt', () => {
  it('reads plain placeholders in order, each name once', () => {
    const parsed = parsePrompt('Write about [topic] for [audience]. Mention [topic] twice and [Topic] in caps.');
    expect(parsed.fields.map((f) => f.id)).toEqual(['topic', 'audience']);
    expect(parsed.tokens).toHaveLength(4);
    expect(parsed.fields[0]).toMatchObject({ kind: 'text', name: 'topic', label: 'Topic', required: true, defaultValue: undefined });
  });

  it('reads a default after = (an empty default makes the field optional)', () => {
    expect(field('For [audience = small business owners].', 'audience')).toMatchObject({
      kind: 'text',
      defaultValue: 'small business owners',
      required: false,
    });
    expect(field('Extra: [notes=]', 'notes')).toMatchObject({ defaultValue: '', required: false, multiline: true });
    // Only the first = splits: the rest belongs to the default.
    expect(field('[formula=a=b+c]', 'formula')).toMatchObject({ defaultValue: 'a=b+c' });
  });

  it('reads a choice list after :, with * marking the default', () => {
    expect(field('Tone: [tone: friendly | formal | playful]', 'tone')).toMatchObject({
      kind: 'choice',
      options: ['friendly', 'formal', 'playful'],
      required: true,
    });
    expect(field('[tone: friendly|*formal]', 'tone')).toMatchObject({
      kind: 'choice',
      options: ['friendly', 'formal'],
      defaultValue: 'formal',
      required: false,
    });
    // Repeated and blank options are dropped.
    expect(field('[size: S||M|S|L]', 'size')).toMatchObject({ options: ['S', 'M', 'L'] });
  });

  it('treats a colon without | options as an instruction, not a field', () => {
    expect(ids('Answer briefly [Note: keep it under 100 words] about [topic].')).toEqual(['topic']);
    expect(ids('[tone: only]')).toEqual([]);
  });

  it('leaves markdown links, images, reference links and task boxes alone', () => {
    const text = '- [ ] todo\n- [x] done\n- [X] done\nSee [the docs](https://example.com) ![logo](a.png) and [ref][1] then [product].';
    expect(ids(text)).toEqual(['product']);
  });

  it('takes the innermost pair of nested brackets and ignores unbalanced ones', () => {
    expect(ids('[[topic]]')).toEqual(['topic']);
    expect(ids('[outer [inner] text]')).toEqual(['inner']);
    expect(ids('unclosed [topic and ] stray ] and [ open')).toEqual(['topic and']);
    expect(ids('[topic')).toEqual([]);
    expect(fillPrompt('[[topic]]', { topic: 'AI' }).text).toBe('[AI]');
  });

  it('does not read escaped brackets, brackets across lines or names that are not names', () => {
    expect(ids('\\[literal] [real]')).toEqual(['real']);
    expect(ids('[two\nlines]')).toEqual([]);
    expect(ids('[1] [42 items] [!] [ ] [$price]')).toEqual([]);
    expect(ids(`[${'a'.repeat(61)}]`)).toEqual([]);
    expect(ids(`[${'a'.repeat(60)}]`)).toEqual(['a'.repeat(60)]);
  });

  it('reads page variables with any case and spacing, and only the known ones', () => {
    const parsed = parsePrompt(
      'Summarise {{ page }} from {{URL}} titled {{title}}; focus on {{selection}} {{transcript}} {{unknown}} {{page}}',
    );
    expect(parsed.fields.map((f) => f.id)).toEqual(['{{page}}', '{{url}}', '{{title}}', '{{selection}}', '{{transcript}}']);
    expect(parsed.fields[0]).toMatchObject({ kind: 'page', label: 'Page text', multiline: true, required: true });
    expect(usesPageVariables(parsed)).toEqual(['page', 'url', 'title', 'selection', 'transcript']);
    // A bracket field named like a page variable is a separate, ordinary field.
    expect(ids('[selection] {{selection}}')).toEqual(['selection', '{{selection}}']);
  });

  it("labels fields from the built-in stacks' questions", () => {
    const parsed = parsePrompt('Write headlines for [product] aimed at [audience]. Benefit: [benefit].', [
      { label: 'What is the product or service?', placeholderKey: 'product' },
      { label: 'Who is the target audience?', placeholderKey: 'Audience' },
      { label: 'Unused question', placeholderKey: 'missing' },
    ]);
    expect(parsed.fields.map((f) => f.label)).toEqual(['What is the product or service?', 'Who is the target audience?', 'Benefit']);
  });

  it('lets a later occurrence add the options or default the first one lacked', () => {
    expect(field('[tone] … again [tone: warm|*cold]', 'tone')).toMatchObject({
      kind: 'choice',
      options: ['warm', 'cold'],
      defaultValue: 'cold',
      required: false,
    });
    expect(field('[city] … [city=Paris]', 'city')).toMatchObject({ kind: 'text', defaultValue: 'Paris', required: false });
    expect(field('[city=Paris] … [city=Rome]', 'city')).toMatchObject({ defaultValue: 'Paris' });
  });

  it('reads names with spaces and punctuation, merging spacing and case', () => {
    expect(ids("[Target  Audience] [target audience] [client's name] [Q&A topic] [e.g. coaches]")).toEqual([
      'target audience',
      "client's name",
      'q&a topic',
      'e.g. coaches',
    ]);
    expect(humanizePlaceholderName('call_to_action')).toBe('Call to action');
    expect(humanizePlaceholderName('INSERT TOPIC')).toBe('INSERT TOPIC');
  });

  it('handles very long input in one linear pass', () => {
    const huge = `${'[a'.repeat(200_000)} ${'word '.repeat(200_000)}[end] ${'['.repeat(100_000)}${'x]'.repeat(50_000)}`;
    const parsed = parsePrompt(huge);
    expect(parsed.fields.map((f) => f.id)).toEqual(['end']);
    const many = Array.from({ length: 5_000 }, (_, i) => `[field ${i}]`).join(' ');
    expect(parsePrompt(many).fields).toHaveLength(5_000);
  });
});

describe('fillPrompt', () => {
  it('fills every occurrence and reports nothing missing', () => {
    const result = fillPrompt('Write about [topic] for [audience]; [topic] again.', { topic: 'pricing', audience: 'coaches' });
    expect(result).toEqual({ text: 'Write about pricing for coaches; pricing again.', missing: [] });
  });

  it('uses defaults for empty or blank values and reports required fields left empty', () => {
    const text = 'For [audience=small business owners] in a [tone: friendly|*formal] tone about [topic] and [angle].';
    const result = fillPrompt(text, { audience: '   ', topic: '', angle: 'growth' });
    expect(result.text).toBe('For small business owners in a formal tone about [topic] and growth.');
    expect(result.missing.map((f) => f.id)).toEqual(['topic']);
    const choice = fillPrompt('[tone: a|b]', {});
    expect(choice.missing.map((f) => f.id)).toEqual(['tone']);
  });

  it('inserts values verbatim in one pass (a value holding [x] or {{page}} stays as typed)', () => {
    const result = fillPrompt('A [first] B [second] C {{page}}', {
      first: '[second] and {{page}}',
      second: '$& $1',
      '{{page}}': 'Page body',
    });
    expect(result.text).toBe('A [second] and {{page}} B $& $1 C Page body');
  });

  it('keeps text that is not a placeholder exactly as written', () => {
    const text = '- [x] done\n[link](http://a.b) \\[kept] [Note: as is] {{nope}}';
    expect(fillPrompt(text, {}).text).toBe(text);
  });

  it('fills page variables from the page context', () => {
    const values = pageValues({ selection: 'chosen words', url: 'https://example.com/a', title: 'A page' });
    const result = fillPrompt('Rewrite "{{selection}}" from {{title}} ({{url}}). {{page}}', values);
    expect(result.text).toBe('Rewrite "chosen words" from A page (https://example.com/a). {{page}}');
    expect(result.missing.map((f) => f.id)).toEqual(['{{page}}']);
  });

  it('starts a form with each default', () => {
    const { fields } = parsePrompt('[a] [b=x] [c: p|*q] {{url}}');
    expect(initialValues(fields)).toEqual({ a: '', b: 'x', c: 'q', '{{url}}': '' });
  });

  it("fills the built-in free stacks' prompts from their questions", () => {
    const text =
      'Write 10 email subject lines for an email about [email_topic] sent to [recipients]. The tone should be [tone]. Keep them under 50 characters.';
    const questions = [
      { label: 'What is the email about?', placeholderKey: 'email_topic' },
      { label: 'Who receives it?', placeholderKey: 'recipients' },
      { label: 'What tone?', placeholderKey: 'tone' },
    ];
    const parsed = parsePrompt(text, questions);
    expect(parsed.fields.map((f) => [f.id, f.label])).toEqual(questions.map((q) => [q.placeholderKey, q.label]));
    const { text: filled, missing } = fillPrompt(text, { email_topic: 'a webinar', recipients: 'subscribers', tone: 'warm' }, parsed);
    expect(missing).toEqual([]);
    expect(filled).toBe(
      'Write 10 email subject lines for an email about a webinar sent to subscribers. The tone should be warm. Keep them under 50 characters.',
    );
  });
});
