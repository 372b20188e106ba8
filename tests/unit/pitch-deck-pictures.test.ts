import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { slidePictureIds, storedSlides, type StoredSlide } from '@/shared/core/pitchDeck/deck.ts';
import { replaceSlide, toStored, updateSlide, withIds } from '@/shared/core/pitchDeck/edit.ts';
import { deckLayout, PICTURE_AREA, pictureBox, SLIDE_SIZE, themeById, type PictureSize } from '@/shared/core/pitchDeck/layout.ts';
import { slidePicturePrompt } from '@/shared/core/pitchDeck/prompts.ts';
import { deckToPdf, deckToPptx, type DeckPictureFile } from '@/shared/export/deck.ts';
import { generateImage } from '../fixtures/fake-providers/images.ts';

/** A picture on a pitch-deck slide: stored as the slide's imageId, laid out beside the bullets, embedded in the PPTX and PDF. */

const IMAGE_ID = '3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70';
const OTHER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const slide = (i: number, imageId?: string): StoredSlide => ({
  kind: 'problem',
  title: `Title ${i}`,
  bullets: [`Bullet ${i}a`, `Bullet ${i}b`],
  notes: '',
  ...(imageId ? { imageId } : {}),
});

const png = (width: number, height: number, seed = 'slide'): DeckPictureFile => ({
  bytes: new Uint8Array(generateImage('image/png', width, height, seed)),
  type: 'image/png',
  width,
  height,
});

describe('a slide’s picture as stored', () => {
  it('reads decks saved before slides had pictures, and keeps a picture’s id', () => {
    expect(storedSlides([slide(0)])).toEqual([slide(0)]);
    expect(storedSlides([slide(0)])![0]).not.toHaveProperty('imageId');
    expect(storedSlides([slide(0, IMAGE_ID), slide(1)])).toEqual([slide(0, IMAGE_ID), slide(1)]);
  });

  it('refuses an imageId that cannot name a picture, on the way in and out', () => {
    for (const imageId of ['', 'nope', 42, null, `${IMAGE_ID}x`, { id: IMAGE_ID }])
      expect(storedSlides([{ ...slide(0), imageId }]), JSON.stringify(imageId)).toBeNull();
  });

  it('lists the pictures a deck shows once each, in one order whatever the slides’ order', () => {
    expect(slidePictureIds([slide(0, OTHER_ID), slide(1), slide(2, IMAGE_ID), slide(3, OTHER_ID)])).toEqual([IMAGE_ID, OTHER_ID]);
    expect(slidePictureIds([slide(2, IMAGE_ID), slide(0, OTHER_ID)])).toEqual([IMAGE_ID, OTHER_ID]);
    expect(slidePictureIds([slide(0)])).toEqual([]);
  });

  it('is kept through editing: stored only when there is one, kept when the slide is written again, removed on request', () => {
    const [withPicture, without] = withIds([slide(0, IMAGE_ID), slide(1)]);
    expect(toStored([withPicture!, without!])).toEqual([slide(0, IMAGE_ID), slide(1)]);
    expect(toStored([without!])[0]).not.toHaveProperty('imageId');
    const rewritten = replaceSlide([withPicture!], withPicture!.id, { kind: null, title: 'Fresh', bullets: ['x'], notes: '' });
    expect(rewritten[0]!.imageId).toBe(IMAGE_ID);
    const removed = updateSlide([withPicture!], withPicture!.id, { imageId: undefined });
    expect(toStored(removed)[0]).not.toHaveProperty('imageId');
    expect(storedSlides(toStored(removed))).toHaveLength(1);
  });
});

describe('the picture maker’s first description for a slide', () => {
  it('says what the slide is about from its title and first bullets, for the deck, without words in the picture', () => {
    const prompt = slidePicturePrompt(
      { title: 'Renters have no garden.', bullets: ['No yard', '  ', 'Short leases', 'Small balconies', 'Landlords say no', 'Fifth'] },
      'Garden Pilot',
    );
    expect(prompt).toBe(
      [
        'An illustration for a slide of an investor pitch deck for Garden Pilot.',
        'The slide is titled Renters have no garden.',
        'It makes these points:',
        '- No yard',
        '- Short leases',
        '- Small balconies',
        '- Landlords say no',
        'Clean, modern editorial style with soft light and a simple background, one clear subject, no text, letters or logos in the picture.',
      ].join('\n'),
    );
    // The title is not quoted: image models letter quoted words into the picture.
    expect(prompt).not.toContain('"');
  });

  it('leaves out what is missing, and stays short with long slides while keeping the style line', () => {
    expect(slidePicturePrompt({ title: 'Garden Pilot', bullets: [] }, 'Garden Pilot')).toBe(
      'An illustration for a slide of an investor pitch deck.\nThe slide is titled Garden Pilot.\nClean, modern editorial style with soft light and a simple background, one clear subject, no text, letters or logos in the picture.',
    );
    const long = slidePicturePrompt(
      { title: 'T'.repeat(500), bullets: Array.from({ length: 8 }, () => 'word '.repeat(100)) },
      'D'.repeat(400),
    );
    expect(long.length).toBeLessThanOrEqual(1000);
    expect(long).toMatch(/no text, letters or logos in the picture\.$/);
    expect(long).toContain('- word');
  });
});

describe('the layout of a slide with a picture', () => {
  const sizes: PictureSize[] = [
    { width: 1536, height: 1024 },
    { width: 1344, height: 768 },
    { width: 1024, height: 1024 },
    { width: 1024, height: 1536 },
    { width: 4000, height: 100 },
    { width: 100, height: 4000 },
  ];

  it('keeps the picture’s shape, as large as the right half allows, inside the slide', () => {
    const right = PICTURE_AREA.x + PICTURE_AREA.w;
    for (const size of sizes) {
      const box = pictureBox(size)!;
      const label = `${size.width}x${size.height}`;
      expect(box.w / box.h, label).toBeCloseTo(size.width / size.height, 9);
      expect(box.x, label).toBeGreaterThanOrEqual(PICTURE_AREA.x - 1e-9);
      expect(box.y, label).toBeGreaterThanOrEqual(PICTURE_AREA.y - 1e-9);
      expect(box.x + box.w, label).toBeCloseTo(right, 9);
      expect(box.y + box.h, label).toBeLessThanOrEqual(PICTURE_AREA.y + PICTURE_AREA.h + 1e-9);
      expect(box.x + box.w, label).toBeLessThanOrEqual(SLIDE_SIZE.width);
      expect(box.y + box.h, label).toBeLessThanOrEqual(SLIDE_SIZE.height);
      // It fills the area in one direction: never smaller than it needs to be.
      expect(Math.max(box.w / PICTURE_AREA.w, box.h / PICTURE_AREA.h), label).toBeCloseTo(1, 9);
    }
    expect(PICTURE_AREA.x + PICTURE_AREA.w).toBeLessThan(SLIDE_SIZE.width);
    expect(PICTURE_AREA.y + PICTURE_AREA.h).toBeLessThan(SLIDE_SIZE.height - 0.45);
  });

  it('has no box for a size no picture has', () => {
    for (const size of [
      { width: 0, height: 10 },
      { width: 10, height: 0 },
      { width: -5, height: 10 },
      { width: Number.NaN, height: 10 },
      { width: Number.POSITIVE_INFINITY, height: 10 },
    ])
      expect(pictureBox(size)).toBeNull();
  });

  it('puts the bullets in the left half beside the picture, the title across; a slide whose picture is gone is laid out without it', () => {
    const theme = themeById('paper');
    const slides = [slide(0, IMAGE_ID), slide(1, OTHER_ID), slide(2)];
    const specs = deckLayout('Garden Pilot', slides, theme, new Map([[IMAGE_ID, { width: 1536, height: 1024 }]]));
    const [, withPicture, gone, plain] = specs;
    expect(specs[0]!.picture).toBeNull();
    expect(withPicture!.picture).toEqual({ ...pictureBox({ width: 1536, height: 1024 }), imageId: IMAGE_ID, alt: 'Title 0' });
    const [title, bullets] = withPicture!.texts;
    expect(bullets!.x + bullets!.w).toBeLessThanOrEqual(withPicture!.picture!.x);
    expect(title!.w).toBe(plain!.texts[0]!.w);
    expect(title!.y + title!.h).toBeLessThanOrEqual(withPicture!.picture!.y);
    // The deleted picture (OTHER_ID has no size) leaves no empty half.
    expect(gone!.picture).toBeNull();
    expect(gone!.texts[1]!.w).toBe(plain!.texts[1]!.w);
    expect(plain!.picture).toBeNull();
  });

  it('makes long bullets smaller sooner in the half-width column', () => {
    const theme = themeById('paper');
    const long = { ...slide(0, IMAGE_ID), bullets: Array.from({ length: 4 }, () => 'word '.repeat(20).trim()) };
    const [, beside] = deckLayout('T', [long], theme, new Map([[IMAGE_ID, { width: 1024, height: 1024 }]]));
    const [, alone] = deckLayout('T', [long], theme);
    expect(beside!.texts[1]!.fontSize).toBeLessThan(alone!.texts[1]!.fontSize);
  });
});

describe('exports with pictures', () => {
  const theme = themeById('midnight');
  const slides = [slide(0, IMAGE_ID), slide(1), slide(2, OTHER_ID)];
  const picture = png(1536, 1024);
  const sizes = new Map([
    [IMAGE_ID, picture],
    [OTHER_ID, picture],
  ]);

  it('embeds the picture in the PPTX: its bytes as a PNG in ppt/media, referenced from its slide, with the slide title as alt text', async () => {
    const specs = deckLayout('Garden Pilot', slides, theme, sizes);
    // OTHER_ID's file could not be downloaded: that slide is written without a picture.
    const zip = await JSZip.loadAsync(await deckToPptx('Garden Pilot', specs, new Map([[IMAGE_ID, picture]])));
    const media = Object.keys(zip.files).filter((name) => /^ppt\/media\/[^/]+\.png$/.test(name));
    const same = [];
    for (const name of media)
      if (Buffer.from(await zip.file(name)!.async('uint8array')).equals(Buffer.from(picture.bytes))) same.push(name);
    expect(same).toHaveLength(1);
    const file = same[0]!.replace('ppt/media/', '');

    // Slide 2 of the file is the deck's first slide (after the cover).
    const rels = await zip.file('ppt/slides/_rels/slide2.xml.rels')!.async('string');
    const rel = [...rels.matchAll(/<Relationship ([^>]*)\/>/g)]
      .map((m) => Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])))
      .find((r) => r.Target === `../media/${file}`);
    expect(rel, rels).toMatchObject({ Type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image' });
    const xml = await zip.file('ppt/slides/slide2.xml')!.async('string');
    expect(xml).toContain(`r:embed="${rel!.Id}"`);
    expect(xml).toMatch(/<p:cNvPr id="\d+" name="[^"]*" descr="Title 0"/);
    // Its place: the layout's box in EMU (914,400 a inch).
    const box = specs[1]!.picture!;
    expect(xml).toContain(`<a:off x="${Math.round(box.x * 914400)}" y="${Math.round(box.y * 914400)}"/>`);
    expect(xml).toContain(`<a:ext cx="${Math.round(box.w * 914400)}" cy="${Math.round(box.h * 914400)}"/>`);

    for (const n of [1, 3, 4]) {
      const other = await zip.file(`ppt/slides/slide${n}.xml`)!.async('string');
      expect(other, `slide${n}`).not.toContain('<p:pic>');
    }
    expect(await zip.file('ppt/slides/slide4.xml')!.async('string')).toContain('Bullet 2a');
  });

  it('takes JPEG pictures too', async () => {
    const jpeg: DeckPictureFile = {
      bytes: new Uint8Array(generateImage('image/jpeg', 1344, 768, 'jpeg')),
      type: 'image/jpeg',
      width: 1344,
      height: 768,
    };
    const specs = deckLayout('T', [slide(0, IMAGE_ID)], theme, new Map([[IMAGE_ID, jpeg]]));
    const zip = await JSZip.loadAsync(await deckToPptx('T', specs, new Map([[IMAGE_ID, jpeg]])));
    const media = Object.keys(zip.files).filter((name) => name.startsWith('ppt/media/') && /\.jpe?g$/.test(name));
    expect(media).toHaveLength(1);
    expect(Buffer.from(await zip.file(media[0]!)!.async('uint8array')).equals(Buffer.from(jpeg.bytes))).toBe(true);
    const pdf = new TextDecoder('latin1').decode(new Uint8Array(deckToPdf('T', specs, new Map([[IMAGE_ID, jpeg]]))));
    expect(pdf).toMatch(/\/Subtype \/Image[\s\S]*?\/Filter \/DCTDecode/);
  });

  it('draws the picture in the PDF as an image XObject at its pixel size, compressed, once for two slides that show it', () => {
    const twice = [slide(0, IMAGE_ID), slide(1), slide(2, IMAGE_ID)];
    const specs = deckLayout('Garden Pilot', twice, theme, sizes);
    const bytes = new Uint8Array(deckToPdf('Garden Pilot', specs, sizes));
    const pdf = new TextDecoder('latin1').decode(bytes);
    expect(pdf.slice(0, 5)).toBe('%PDF-');
    const images = [...pdf.matchAll(/\/Type \/XObject\s*\/Subtype \/Image([\s\S]*?)>>\s*stream/g)].map((m) => m[1]!);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/\/Width 1536\s*\/Height 1024/);
    expect(images[0]).toContain('/Filter /FlateDecode');
    // Both pages that show it draw it ("/I0 Do" or the like in their content).
    expect(pdf.match(/\/I\d+ Do/g) ?? []).toHaveLength(2);
  });

  it('writes a deck whose picture files are missing or damaged without them, and does not fail', async () => {
    const specs = deckLayout('Garden Pilot', slides, theme, sizes);
    const pdf = new TextDecoder('latin1').decode(new Uint8Array(deckToPdf('Garden Pilot', specs)));
    expect(pdf).not.toContain('/Subtype /Image');
    const damaged = new Map([[IMAGE_ID, { ...picture, bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) }]]);
    expect(new TextDecoder('latin1').decode(new Uint8Array(deckToPdf('Garden Pilot', specs, damaged)))).toMatch(/^%PDF-/);
    const zip = await JSZip.loadAsync(await deckToPptx('Garden Pilot', specs));
    expect(Object.keys(zip.files).filter((name) => name.startsWith('ppt/media/') && name.endsWith('.png'))).toEqual([]);
  });
});
