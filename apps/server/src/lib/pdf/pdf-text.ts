/**
 * For tests: the text a PDF shows, page by page, as a reader's copy and paste gives it. Read with pdf.js
 * (a development dependency), which decodes the embedded fonts' glyphs back to Unicode through the
 * ToUnicode maps PDFKit writes: a test that finds "Nguyễn Văn Đức" here knows a reader would too.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  /** Each page's text: one line per text item pdf.js finds (a line of a label, a table cell). */
  pages: string[];
  /** The document information's title. */
  title: string | undefined;
}

export async function pdfText(pdf: Uint8Array): Promise<PdfText> {
  // A copy: pdf.js may take over (detach) the bytes it is given.
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      const items = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : []));
      pages.push(items.join('\n'));
    }
    const { info } = (await document.getMetadata()) as { info?: { Title?: string } };
    return { pages, title: info?.Title };
  } finally {
    await document.destroy();
  }
}
