import { once } from 'node:events';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BODY_FONT, BOLD_FONT } from './fonts.ts';
import { type Doc, streamPdf } from './pdf-stream.ts';
import { pdfText } from './pdf-text.ts';

/** A page with enough text that a few dozen of them fill the stream's buffer. */
function drawPage(doc: Doc, number: number) {
  doc.addPage({ size: 'A4', margin: 40 });
  doc.font(BOLD_FONT).fontSize(14).text(`Page ${number}: Nguyễn Văn Đức`, 40, 40, { lineBreak: false });
  for (let line = 0; line < 40; line++) {
    doc
      .font(BODY_FONT)
      .fontSize(9)
      .text(`${number}.${line} Phường Hàng Bạc ${'x'.repeat(line)}`, 40, 60 + line * 12, {
        lineBreak: false,
      });
  }
}

describe('streamPdf', () => {
  it('draws only as fast as the reader takes the pages', async () => {
    let drawn = 0;
    const stream = streamPdf({ compress: false }, async (doc, pace) => {
      for (let page = 1; page <= 200; page++) {
        if (page > 1 && !(await pace())) return;
        drawPage(doc, page);
        drawn++;
      }
    });
    // Nobody reads: the drawing fills the buffer, then waits.
    await sleep(200);
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
    const { pages } = await pdfText(await buffer(stream));
    expect(drawn).toBe(200);
    expect(pages).toHaveLength(200);
    expect(pages[199]).toContain('Page 200: Nguyễn Văn Đức');
  });

  it('stops drawing, and closes the source, when the reader goes away', async () => {
    let drawn = 0;
    let closed = false;
    async function* source() {
      try {
        for (let page = 1; page <= 10_000; page++) yield page;
      } finally {
        closed = true;
      }
    }
    let stopped!: () => void;
    const finished = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    const stream = streamPdf({}, async (doc, pace) => {
      try {
        for await (const page of source()) {
          if (page > 1 && !(await pace())) return;
          drawPage(doc, page);
          drawn++;
        }
      } finally {
        stopped();
      }
    });
    stream.resume();
    await once(stream, 'data');
    stream.destroy();
    await finished;
    expect(closed).toBe(true);
    expect(drawn).toBeLessThan(10_000);
  });

  it('fails the stream with the error the drawing threw', async () => {
    const stream = streamPdf({}, async (doc, pace) => {
      drawPage(doc, 1);
      await pace();
      throw new RangeError('no such page');
    });
    await expect(buffer(stream)).rejects.toThrow('no such page');
  });
});
