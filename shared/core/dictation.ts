/**
 * Dictation's texts and rules, apart from the browser's speech recognition (shared/ui/ai/dictation.tsx). Pure.
 */

/** Languages offered besides the browser's own: the ones most of our users write in. */
export const DICTATION_LANGUAGES = [
  'en-US',
  'en-GB',
  'es-ES',
  'es-MX',
  'pt-BR',
  'fr-FR',
  'de-DE',
  'it-IT',
  'nl-NL',
  'pl-PL',
  'tr-TR',
  'hi-IN',
  'id-ID',
  'ja-JP',
  'ko-KR',
  'zh-CN',
] as const;

export const DICTATION_TEXTS = {
  dictate: 'Dictate',
  stop: 'Stop dictation',
  start: (language: string) => `Dictate in ${language}`,
  language: 'Dictation language',
  browserLanguage: (language: string) => `Browser language (${language})`,
  couldNotStart: 'Dictation could not start: it may already be listening in another box.',
  /** The side panel and the popup cannot ask for the microphone themselves. */
  needsMicrophone: 'AI Vault has not been given the microphone yet.',
  allowMicrophone: 'Allow the microphone',
} as const;

/**
 * The sentence for a speech recognition error (SpeechRecognitionErrorEvent.error), or null for
 * the ones that need none ('aborted': the user or the page stopped it).
 */
export function dictationError(code: string, language: string): string | null {
  switch (code) {
    case 'aborted':
      return null;
    case 'no-speech':
      return 'No speech was heard. Click the microphone and speak again.';
    case 'audio-capture':
      return 'No microphone was found. Connect one, or type instead.';
    case 'not-allowed':
    case 'service-not-allowed':
      return 'The browser did not allow the microphone. Allow it for this site in the browser’s settings, then try again.';
    case 'network':
      return 'The browser’s speech service could not be reached, so dictation is not available right now. Type instead.';
    case 'language-not-supported':
      return `Dictation in ${language} is not available in this browser. Choose another language.`;
    default:
      return 'Dictation stopped with an error. Try again, or type instead.';
  }
}

/** The box's text with a dictated phrase added: a space between them unless the text ends in a space or line. */
export function joinDictated(text: string, phrase: string): string {
  const spoken = phrase.trim();
  if (!spoken) return text;
  if (!text || /\s$/.test(text)) return text + spoken;
  return `${text} ${spoken}`;
}

/** A language tag as people read it ("en-GB" → "English (United Kingdom)"); the tag itself where Intl has no name. */
export function languageName(tag: string): string {
  try {
    // 'standard' names the region alike in every engine ("English (United States)", not "American English").
    return new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The extension's microphone page (a tab, where the browser can ask). */
export const MICROPHONE_PAGE_TEXTS = {
  asking: 'Your browser is asking whether AI Vault may use the microphone: choose Allow. It is used only while you dictate.',
  allowed: 'The microphone is allowed. You can close this tab and dictate in the side panel.',
  blocked:
    'The microphone is blocked for AI Vault. Click the icon at the right end of the address bar (or open the browser’s site settings for this extension), allow the microphone, then Try again.',
  noMicrophone: 'No microphone was found. Connect one, then Try again.',
} as const;
