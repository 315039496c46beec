/**
 * ZPL's compressed ASCII hex for graphic fields: what a row becomes, and the round trip through a ZPL
 * renderer (zpl-renderer-js, in-process): every dot lands where the bitmap has it.
 */
import { describe, expect, it } from 'vitest';
import { isBlack, rasterizeZpl } from '../../../test/label-check/index.ts';
import { hasDot, newBitmap, setDot } from './bitmap.ts';
import { graphicField } from './zpl-graphic.ts';

describe('graphicField', () => {
  it('writes runs as count letters, a blank tail as a comma and a row like the last as a colon', () => {
    const bitmap = newBitmap(64, 3);
    // Row 0: the first 32 dots inked (8 F digits), then blank. Row 1: the same. Row 2: one dot at x = 4.
    for (let x = 0; x < 32; x++) {
      setDot(bitmap, x, 0);
      setDot(bitmap, x, 1);
    }
    setDot(bitmap, 4, 2);
    expect(graphicField(bitmap)).toBe('^GFA,24,24,8,NF,:08,');
  });

  it('writes runs of 20 and more with the lower-case letters', () => {
    const bitmap = newBitmap(8 * 25, 1);
    for (let x = 0; x < 8 * 25; x++) setDot(bitmap, x, 0);
    // 50 digits F: h counts 40 and P 10.
    expect(graphicField(bitmap)).toBe('^GFA,25,25,25,hPF');
  });

  it('prints every dot where the bitmap has it, through a ZPL renderer', async () => {
    const bitmap = newBitmap(45, 30);
    for (let y = 0; y < 30; y++)
      for (let x = 0; x < 45; x++) if ((x * 7 + y * 3) % 5 === 0 || y === 10) setDot(bitmap, x, y);
    const [picture] = await rasterizeZpl(`^XA^FO100,60${graphicField(bitmap)}^FS^XZ`, 203);
    if (!picture) throw new Error('no picture');
    for (let y = 0; y < 30; y++)
      for (let x = 0; x < 45; x++)
        expect(isBlack(picture, 100 + x, 60 + y), `${x},${y}`).toBe(hasDot(bitmap, x, y));
  });
});
