import { hasHiddenControls } from '@parcelops/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PDF_TYPE, sendFile } from './downloads.ts';

async function dispositionOf(name: string, utf8Name: boolean) {
  const app = Fastify();
  app.get('/', (_request, reply) =>
    sendFile(reply, { type: PDF_TYPE, name, body: Buffer.from('%PDF'), utf8Name }),
  );
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response.headers['content-disposition'];
}

describe('a download named from a seller’s text (issue 30)', () => {
  it('keeps no right-to-left override or control, in either form of the name', async () => {
    const header = await dispositionOf('Lô hàng \u202Efdp.exe\u0007.pdf', true);
    expect(header).toBe(
      `attachment; filename="L_ h_ng fdp.exe.pdf"; filename*=UTF-8''${encodeURIComponent('Lô hàng fdp.exe.pdf')}`,
    );
    expect(hasHiddenControls(decodeURIComponent(String(header).split("''")[1] ?? ''))).toBe(false);
  });

  it('composes accents typed apart, so the UTF-8 name is the one people read', async () => {
    const header = await dispositionOf('Nguye\u0302\u0303n.xlsx', true);
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent('Nguyễn.xlsx')}`);
  });
});
