// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dictationError, joinDictated, languageName } from '@/shared/core/dictation.ts';
import { createTypedStorage, type KeyValueStore } from '@/shared/storage.ts';
import { DictationProvider, DictationTextField } from '@/shared/ui/ai/dictation.tsx';

/**
 * Dictation on a prompt box. The browser's speech recognition talks to the browser maker's speech
 * service, which tests cannot reach; FakeRecognition stands in for it with the Web Speech API's
 * shape (start/stop/abort, result events with final results, error events with its error codes).
 */

class FakeRecognition {
  static started: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = true;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start() {
    FakeRecognition.started.push(this);
  }
  stop() {
    this.onend?.();
  }
  abort() {
    this.onend?.();
  }
  /** The service heard a phrase and settled on it. */
  hear(phrase: string) {
    const result = Object.assign([{ transcript: phrase, confidence: 0.9 }], { isFinal: true });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function Box({ store }: { store: KeyValueStore }) {
  const [text, setText] = useState('Write a hook for');
  const [other, setOther] = useState('');
  const [storage] = useState(() => createTypedStorage(store));
  return (
    <DictationProvider storage={storage}>
      <DictationTextField label="Follow-up" value={text} onValueChange={setText} helperText="Ctrl+Enter sends" />
      <DictationTextField label="Notes" value={other} onValueChange={setOther} />
    </DictationProvider>
  );
}

const scope = globalThis as { webkitSpeechRecognition?: unknown };

beforeEach(() => {
  FakeRecognition.started = [];
});
afterEach(() => {
  cleanup();
  delete scope.webkitSpeechRecognition;
});

describe('dictation on a prompt box', () => {
  it('draws no microphone where the browser has no speech recognition (Firefox)', () => {
    render(<Box store={memoryStore()} />);
    expect(screen.getByLabelText('Follow-up')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Dictate/ })).toBeNull();
  });

  it('adds what was said to the text, in the browser’s language, until stopped', async () => {
    scope.webkitSpeechRecognition = FakeRecognition;
    const user = userEvent.setup();
    render(<Box store={memoryStore()} />);
    const mic = screen.getAllByRole('button', { name: 'Dictate' })[0]!;
    // The button says which box it fills through its description: the box's label.
    expect(mic.getAttribute('aria-describedby')).toBe(screen.getByText('Follow-up', { selector: 'label' }).id);
    await user.click(mic);
    await expect.poll(() => FakeRecognition.started.length).toBe(1);
    const listener = FakeRecognition.started[0]!;
    expect(listener).toMatchObject({ lang: navigator.language, continuous: true, interimResults: false });
    expect(screen.getByRole('button', { name: 'Stop dictation' }).getAttribute('aria-pressed')).toBe('true');
    act(() => listener.hear(' a course on pricing '));
    act(() => listener.hear('for beginners'));
    expect((screen.getByLabelText('Follow-up') as HTMLTextAreaElement).value).toBe('Write a hook for a course on pricing for beginners');
    await user.click(screen.getByRole('button', { name: 'Stop dictation' }));
    expect(mic.getAttribute('aria-pressed')).toBe('false');
  });

  it('says what went wrong under the box', async () => {
    scope.webkitSpeechRecognition = FakeRecognition;
    const user = userEvent.setup();
    render(<Box store={memoryStore()} />);
    await user.click(screen.getAllByRole('button', { name: 'Dictate' })[0]!);
    await expect.poll(() => FakeRecognition.started.length).toBe(1);
    act(() => FakeRecognition.started[0]!.onerror?.({ error: 'not-allowed' }));
    expect(screen.getByText(dictationError('not-allowed', 'English')!)).toBeTruthy();
    expect(screen.queryByText('Ctrl+Enter sends')).toBeNull();
  });

  it('listens in the language chosen, and remembers it', async () => {
    scope.webkitSpeechRecognition = FakeRecognition;
    const user = userEvent.setup();
    const store = memoryStore();
    render(<Box store={store} />);
    await user.click(screen.getAllByRole('button', { name: /^Dictation language:/ })[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'French (France)' }));
    expect(store.values.get('dictation_language')).toBe('"fr-FR"');
    // One choice for every box.
    expect(screen.getAllByRole('button', { name: 'Dictation language: French (France), FR' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Dictate' })[1]!);
    await expect.poll(() => FakeRecognition.started[0]?.lang).toBe('fr-FR');
    cleanup();

    render(<Box store={memoryStore({ dictation_language: '"de-DE"' })} />);
    expect(await screen.findAllByRole('button', { name: 'Dictation language: German (Germany), DE' })).toHaveLength(2);
  });
});

describe('dictation where the page cannot ask for the microphone (the extension’s panel)', () => {
  /** navigator.permissions as Chrome reports the extension's microphone: 'prompt' until allowed in a tab. */
  function microphonePermission(state: PermissionState) {
    const status = { state, onchange: null as (() => void) | null };
    Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query: async () => status } });
    return {
      allow: () => {
        status.state = 'granted';
        status.onchange?.();
      },
    };
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'permissions');
  });

  function PanelBox({ opened }: { opened: string[] }) {
    const [text, setText] = useState('');
    const [storage] = useState(() => createTypedStorage(memoryStore()));
    return (
      <DictationProvider storage={storage} openMicrophonePage={() => opened.push('microphone.html')}>
        <DictationTextField label="Follow-up" value={text} onValueChange={setText} />
      </DictationProvider>
    );
  }

  it('asks for the microphone in a tab first, and listens once it is allowed', async () => {
    scope.webkitSpeechRecognition = FakeRecognition;
    const permission = microphonePermission('prompt');
    const opened: string[] = [];
    const user = userEvent.setup();
    render(<PanelBox opened={opened} />);
    await user.click(screen.getByRole('button', { name: 'Dictate' }));
    expect(await screen.findByText('AI Vault has not been given the microphone yet.', { exact: false })).toBeTruthy();
    expect(FakeRecognition.started).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Allow the microphone' }));
    expect(opened).toEqual(['microphone.html']);

    act(() => permission.allow());
    expect(screen.queryByText('AI Vault has not been given the microphone yet.', { exact: false })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dictate' }));
    expect(FakeRecognition.started).toHaveLength(1);
  });

  it('starts at once when the microphone is already allowed', async () => {
    scope.webkitSpeechRecognition = FakeRecognition;
    microphonePermission('granted');
    const user = userEvent.setup();
    render(<PanelBox opened={[]} />);
    await user.click(screen.getByRole('button', { name: 'Dictate' }));
    await expect.poll(() => FakeRecognition.started.length).toBe(1);
  });
});

describe('dictation rules', () => {
  it('joins a phrase to the text with one space', () => {
    expect(joinDictated('', ' Hello ')).toBe('Hello');
    expect(joinDictated('Hello', 'world')).toBe('Hello world');
    expect(joinDictated('Line one\n', 'line two')).toBe('Line one\nline two');
    expect(joinDictated('Hello', '   ')).toBe('Hello');
  });

  it('has a sentence for each error the Web Speech API names, and none for a stop', () => {
    expect(dictationError('aborted', 'English')).toBeNull();
    expect(dictationError('language-not-supported', languageName('pt-BR'))).toBe(
      'Dictation in Portuguese (Brazil) is not available in this browser. Choose another language.',
    );
    for (const code of ['no-speech', 'audio-capture', 'not-allowed', 'service-not-allowed', 'network', 'bad-grammar']) {
      expect(dictationError(code, 'English')).toMatch(/\.$/);
    }
  });
});
