import { COPIED_TEXT } from '../text.ts';

/** The offer builder's texts, word for word as users see them (tests check them). */
export const OFFER_TEXTS = {
  generateButton: 'Generate Idea For Offer Framework',
  generating: 'Generating...',
  generated: 'Offer Generated.',
  frameworkHint: 'This tool builds a framework for your offer first. You can then use AI to generate the categories.',
  generateAll: 'Generate All Categories With One Click!',
  processing: 'Processing...',
  generalNotesLabel: 'General Offer Notes',
  generalNotesPlaceholder: 'Add general notes for the entire offer here...',
  loading: 'Creating magic...',
  failedTitle: 'Generation Failed',
  failedText: 'The AI could not generate content. Please try again.',
  tryAgain: 'Try Again',
  emptyText: 'Content for this category has not been generated yet.',
  generateOne: 'Generate Content For This Category',
  notesPlaceholder: 'Add your notes for this section here...',
  footerHint: 'You can also do these per category through the drop-down tab icon.',
  description: { about: 'What it is', for: "Who it's for", why: 'Why they need it', outcome: 'Outcome' },
  apiKeyMissingTitle: 'API Key Missing',
  apiKeyRequiredModal: 'OpenAI API Key Required',
  noOfferTitle: 'No offer to save!',
  noOfferText: 'No offer selected',
  docxErrorTitle: 'Error generating DOCX',
  docxErrorText: 'There was an issue creating the DOCX file.',
  copied: COPIED_TEXT,
  offerCopied: '✅ Entire offer copied to clipboard!',
  fallbackError: 'Could not generate the offer. Please check your network and try again.',
  runningElsewhere: (title: string) =>
    `It works on "${title}" in this browser's draft, so its results appear here as they are written. Whole-offer actions here wait until it finishes.`,
} as const;
