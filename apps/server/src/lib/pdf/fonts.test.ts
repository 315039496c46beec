import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { BODY_FONT, BOLD_FONT } from './fonts.ts';
import { streamPdf } from './pdf-stream.ts';
import { pdfText } from './pdf-text.ts';

async function onePage(lines: string[]) {
  const pdf = await buffer(
    streamPdf({}, async (doc) => {
      doc.addPage({ size: 'A4', margin: 40 });
      lines.forEach((line, index) => {
        doc
          .font(index % 2 ? BODY_FONT : BOLD_FONT)
          .fontSize(12)
          .text(line, 40, 40 + index * 20, { lineBreak: false });
      });
    }),
  );
  return { pdf, text: (await pdfText(pdf)).pages.join('\n') };
}

describe('the embedded fonts', () => {
  it('print Vietnamese with its letters, in DejaVu subsets, in both weights', async () => {
    const lines = ['Nguyễn Văn Đức', 'Hà Nội, Việt Nam', 'ĐƯỜNG LÊ LỢI', 'Phường Bến Nghé, Quận 1'];
    const { pdf, text } = await onePage(lines);
    expect(text.split('\n')).toEqual(lines);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\n/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\n/);
    // Subsets: a page of text is tens of kilobytes, not the megabyte of the two whole fonts.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('keep every letter readable from one document to the next', async () => {
    // "ư", "ờ" and "à" are drawn from parts ("u", "o", "a"); a document using them first once left those
    // plain letters without a Unicode value in the documents after it (the fonts are shared).
    await onePage(['Phường Hoàn Kiếm', 'Phường Hoàn Kiếm']);
    const { text } = await onePage(['u o a e', 'u o a e', 'Hàng Bạc, Phường Hoàn']);
    expect(text.split('\n')).toEqual(['u o a e', 'u o a e', 'Hàng Bạc, Phường Hoàn']);
  });
});
