/**
 * The fonts every PDF of the product prints with: DejaVu Sans and DejaVu Sans Bold, embedded. The PDF
 * standard fonts (Helvetica and friends) cover Windows-1252 only, so Vietnamese names and addresses lost
 * their accents; DejaVu covers Vietnamese and most scripts customers write. PDFKit embeds only the glyphs a
 * document uses (a subset), so a one-page label stays a few kilobytes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/** The names documents select the fonts by, the same in every PDF. */
export const BODY_FONT = 'Body';
export const BOLD_FONT = 'Bold';

const FILES: Record<string, string> = {
  [BODY_FONT]: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  [BOLD_FONT]: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

let loaded: [name: string, font: fontkit.Font][] | undefined;

/**
 * The fonts, read and parsed on first use and then shared by every document. Given the file bytes, PDFKit
 * would parse each font again for each document (its kerning tables alone cost ~30 ms, more than a label).
 * Sharing is safe: fontkit is synchronous, and each document keeps its own subset and layout cache; the one
 * state fontkit shares, its glyph objects, is settled below.
 */
function parsedFonts(): readonly [name: string, font: fontkit.Font][] {
  if (!loaded) {
    // Resolved through the package, wherever npm put it (hoisted or inside the workspace).
    const require = createRequire(import.meta.url);
    loaded = Object.entries(FILES).map(([name, file]) => {
      const font = fontkit.create(readFileSync(require.resolve(file)));
      if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
      // fontkit keeps each glyph with the code points it was first met with. Subsetting a composite glyph
      // ("ư" is "u" plus a horn) meets its parts with none, so a later document printing "u" would write it
      // with no Unicode value: the letter lost to copy and paste, search and screen readers. Meeting every
      // glyph through its character first (a few milliseconds, once) keeps them all mapped.
      for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
      return [name, font];
    });
  }
  return loaded;
}

/** Makes BODY_FONT and BOLD_FONT available to `doc.font(...)`. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, font] of parsedFonts()) {
    // PDFKit takes a parsed fontkit font as well as bytes; its type declarations only list the bytes.
    doc.registerFont(name, font as unknown as Buffer);
  }
}

/** The parsed font a document selects by `name` (BODY_FONT or BOLD_FONT). */
export function fontNamed(name: string): fontkit.Font {
  const found = parsedFonts().find(([fontName]) => fontName === name);
  if (!found) throw new Error(`No font named ${name}`);
  return found[1];
}

/** Runs laid out lately: the label layout measures a line, then the ZPL renderer draws the same line. */
const runCache = new Map<string, fontkit.GlyphRun>();
const RUN_CACHE_LIMIT = 2_000;

/** `text` laid out in the font `name` (glyphs and their advances, kerning included), from a small cache. */
export function layoutRun(name: string, text: string): fontkit.GlyphRun {
  const key = `${name}\u0000${text}`;
  let run = runCache.get(key);
  if (!run) {
    run = fontNamed(name).layout(text);
    if (runCache.size >= RUN_CACHE_LIMIT) runCache.clear();
    runCache.set(key, run);
  }
  return run;
}

/**
 * How wide `text` is in the font `name` at size 1, as a PDF document measures it (PDFKit lays the text out
 * with fontkit's default features, kerning included, and scales the advance): the label layout measures
 * with this, so a label drawn as ZPL breaks its lines where the PDF does.
 */
export function fontWidthAt1(name: string, text: string): number {
  return layoutRun(name, text).advanceWidth / fontNamed(name).unitsPerEm;
}

/**
 * `text` without the characters neither font can draw (emoji, rare scripts): printed, they would be empty
 * boxes, and renderers disagree on how wide. Printable ASCII, most of every label, is kept without a look.
 */
export function withinFonts(text: string): string {
  if (!/[^\x20-\x7e]/.test(text)) return text;
  const fonts = parsedFonts().map(([, font]) => font);
  let kept = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (/\s/.test(character) || fonts.every((font) => font.hasGlyphForCodePoint(codePoint)))
      kept += character;
  }
  return kept;
}
