/// <reference types="dom-speech-recognition" />
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import { Button, IconButton, InputAdornment, Link, Menu, MenuItem, TextField, Tooltip, type TextFieldProps } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TypedStorage } from '../../storage.ts';
import { DICTATION_LANGUAGES, DICTATION_TEXTS, dictationError, joinDictated, languageName } from '../../core/dictation.ts';

/**
 * Dictation on prompt boxes through the browser's own speech recognition (Chrome and Edge offer
 * `webkitSpeechRecognition`, Safari `SpeechRecognition`; Firefox has none, so the button is not
 * drawn there at all). Final phrases are added to the box's text; the language is remembered in the
 * front end's typed storage (DictationProvider).
 */

type RecognitionConstructor = new () => SpeechRecognition;

/** The browser's speech recognition, or null where it has none. */
function speechRecognitionOf(scope: object = globalThis): RecognitionConstructor | null {
  const found = scope as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return found.SpeechRecognition ?? found.webkitSpeechRecognition ?? null;
}

interface DictationSettings {
  language: string | null;
  choose: (language: string | null) => void;
  /** Where the page that asks for the microphone opens (the extension: its panel and popup cannot ask). */
  openMicrophonePage?: () => void;
}

const DictationSettingsContext = createContext<DictationSettings | null>(null);

/**
 * Gives the dictation buttons below it one language choice, kept in the front end's storage: a
 * language picked on one box applies to every box, and after a reload.
 */
export function DictationProvider({
  storage,
  openMicrophonePage,
  children,
}: {
  storage: TypedStorage;
  openMicrophonePage?: () => void;
  children: ReactNode;
}) {
  const [language, setLanguage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void storage.get('dictation_language').then((stored) => live && setLanguage(stored));
    return () => {
      live = false;
    };
  }, [storage]);
  const choose = useCallback(
    (next: string | null) => {
      setLanguage(next);
      void storage.set('dictation_language', next);
    },
    [storage],
  );
  const value = useMemo(() => ({ language, choose, openMicrophonePage }), [language, choose, openMicrophonePage]);
  return <DictationSettingsContext.Provider value={value}>{children}</DictationSettingsContext.Provider>;
}

/** The shared choice, or one of this box's own where no provider is above it. */
function useDictationSettings(): DictationSettings {
  const shared = useContext(DictationSettingsContext);
  const [own, setOwn] = useState<string | null>(null);
  return shared ?? { language: own, choose: setOwn };
}

/** The page's microphone permission, where the browser reports it. */
async function microphonePermission(): Promise<PermissionStatus | null> {
  try {
    return (await navigator.permissions?.query({ name: 'microphone' as PermissionName })) ?? null;
  } catch {
    return null;
  }
}

interface DictationProps {
  /** The box's text now, so dictated phrases are added after it. */
  value: string;
  onChange: (value: string) => void;
  /** The id of the box's label: the button's description, so a screen reader says which box it dictates into. */
  labelId?: string;
  disabled?: boolean;
}

export interface Dictation {
  /** The microphone and its language choice, as the field's end adornment; null where the browser has no speech recognition. */
  adornment: ReactNode;
  /** What went wrong with the last dictation (and what to do), for the field's helper text. */
  problem: ReactNode;
}

/**
 * Dictation for one text field. Where the browser has no speech recognition (Firefox) there is no
 * button at all, rather than one that cannot work.
 */
function useDictation({ value, onChange, labelId, disabled = false }: DictationProps): Dictation {
  // Known only in the browser: a page drawn ahead of time (pre-rendered) has no button, and
  // hydration must draw the same, so the button appears after mounting.
  const [Recognition, setRecognition] = useState<RecognitionConstructor | null>(null);
  useEffect(() => setRecognition(() => speechRecognitionOf()), []);
  const { language, choose: chooseLanguage, openMicrophonePage } = useDictationSettings();
  const [listening, setListening] = useState(false);
  const [problem, setProblem] = useState<ReactNode>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const recognition = useRef<SpeechRecognition | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => () => recognition.current?.abort(), []);
  if (!Recognition) return { adornment: null, problem: null };
  const spoken = language ?? navigator.language;
  const spokenCode = spoken.split('-')[0]!.toUpperCase();

  /**
   * Where the page cannot ask for the microphone itself (the extension's panel and popup), a
   * microphone not yet allowed is asked for in a tab; once it is, the notice goes by itself.
   */
  const microphoneReady = async (): Promise<boolean> => {
    if (!openMicrophonePage) return true;
    const permission = await microphonePermission();
    if (!permission || permission.state === 'granted') return true;
    permission.onchange = () => {
      if (permission.state === 'granted') setProblem(null);
    };
    setProblem(
      <>
        {DICTATION_TEXTS.needsMicrophone}{' '}
        <Link component="button" type="button" variant="caption" onClick={openMicrophonePage} sx={{ verticalAlign: 'baseline' }}>
          {DICTATION_TEXTS.allowMicrophone}
        </Link>
      </>,
    );
    return false;
  };

  const start = async () => {
    setProblem(null);
    if (!(await microphoneReady())) return;
    const listener = new Recognition();
    listener.lang = spoken;
    listener.continuous = true;
    listener.interimResults = false;
    listener.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (result?.isFinal && result[0]) latest.current.onChange(joinDictated(latest.current.value, result[0].transcript));
      }
    };
    listener.onerror = (event) => setProblem(dictationError(event.error, languageName(listener.lang)));
    listener.onend = () => {
      setListening(false);
      recognition.current = null;
    };
    try {
      listener.start();
      recognition.current = listener;
      setListening(true);
    } catch {
      setProblem(DICTATION_TEXTS.couldNotStart);
    }
  };

  const adornment = (
    <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 1.25 }}>
      <Tooltip describeChild title={listening ? DICTATION_TEXTS.stop : DICTATION_TEXTS.start(languageName(spoken))}>
        <span>
          <IconButton
            size="small"
            aria-label={listening ? DICTATION_TEXTS.stop : DICTATION_TEXTS.dictate}
            aria-describedby={labelId}
            aria-pressed={listening}
            color={listening ? 'error' : 'default'}
            disabled={disabled}
            onClick={listening ? () => recognition.current?.stop() : () => void start()}
          >
            {listening ? <StopIcon fontSize="small" /> : <MicIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Button
        size="small"
        sx={{ minWidth: 0, px: 0.5, fontSize: '0.7rem' }}
        // The visible code is part of the name, as speech-input users say what they see.
        aria-label={`${DICTATION_TEXTS.language}: ${languageName(spoken)}, ${spokenCode}`}
        aria-haspopup="menu"
        disabled={listening || disabled}
        onClick={(e) => setMenuAnchor(e.currentTarget)}
      >
        {spokenCode}
      </Button>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        {[null, ...DICTATION_LANGUAGES].map((tag) => (
          <MenuItem
            key={tag ?? 'browser'}
            selected={tag === language}
            onClick={() => {
              chooseLanguage(tag);
              setMenuAnchor(null);
            }}
          >
            {tag ? languageName(tag) : DICTATION_TEXTS.browserLanguage(languageName(navigator.language))}
          </MenuItem>
        ))}
      </Menu>
    </InputAdornment>
  );
  return { adornment, problem };
}

export type DictationTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A text field with dictation: the microphone at its end, a dictation problem in its helper text. */
export function DictationTextField({ value, onValueChange, slotProps, helperText, ...props }: DictationTextFieldProps) {
  const fallbackId = useId();
  // MUI names the label `${id}-label`.
  const id = props.id ?? fallbackId;
  const dictation = useDictation({
    value,
    onChange: onValueChange,
    labelId: props.label ? `${id}-label` : undefined,
    disabled: props.disabled,
  });
  const input = typeof slotProps?.input === 'object' ? slotProps.input : {};
  return (
    <TextField
      {...props}
      id={id}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      // A dictation notice is not the field's error: the text stays valid.
      helperText={dictation.problem || helperText}
      slotProps={{ ...slotProps, input: dictation.adornment ? { ...input, endAdornment: dictation.adornment } : input }}
    />
  );
}
