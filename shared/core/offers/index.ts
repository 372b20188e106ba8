/**
 * The offer builder's pure core: categories and their mapping, the
 * AI result schemas, the offer draft and its operations, copy formats, video links, Generate All
 * scheduling, the prompts and Organize plans. No I/O: pages and the extension wire it up.
 */
export * from './adCreative.ts';
export * from './categories.ts';
export * from './copy.ts';
export * from './draft.ts';
export * from './export.ts';
export * from './generateAll.ts';
export * from './hero.ts';
export * from './offer.ts';
export * from './organize.ts';
export * from './prompts.ts';
export * from './schema.ts';
export * from './texts.ts';
export * from './video.ts';
