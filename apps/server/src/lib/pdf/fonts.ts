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
