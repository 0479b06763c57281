import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderShareImage, SHARE_IMAGE, shareHashOf, shareSvg, wrapText } from './shareImage';

const text = {
  title: 'Vigil for Gaza at the town hall, with readings & songs <for everyone>',
  when: 'Saturday, May 17, 2031 at 6:30 PM (GMT+1)',
  place: 'Manchester, United Kingdom',
  site: 'Palestine Solidarity Calendar',
};

/** The darkest value in a band of the picture: text there is dark on the white card. */
async function darkestIn(png: Buffer, top: number, height: number): Promise<number> {
  const band = await sharp(png)
    .extract({ left: 0, top, width: SHARE_IMAGE.width, height })
    .greyscale()
    .stats();
  return band.channels[0]?.min ?? 255;
}

describe('the share preview drawn for an event without a flyer (docs/PRODUCT.md#flyers)', () => {
  it('wraps a long title into at most three lines, cutting the rest with an ellipsis', () => {
    expect(wrapText('March for Gaza', 30, 3)).toEqual(['March for Gaza']);
    const lines = wrapText('word '.repeat(40), 30, 3);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(30);
    expect(lines[2]?.endsWith('…')).toBe(true);
  });

  it('escapes what people wrote, so a title cannot add to the picture', () => {
    const svg = shareSvg({ ...text, title: '</text><image href="https://tracker.example/x.png"/>' });
    expect(svg).not.toContain('<image');
    expect(svg).toContain('&lt;/text&gt;');
  });

  it('renders 1200 × 630 with its text in the system fonts, Latin and Arabic alike', async () => {
    for (const title of [text.title, 'وقفة تضامنية مع غزة أمام البرلمان']) {
      const png = await renderShareImage({ ...text, title });
      expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' });
      // The title's band has dark letters: a machine without fonts draws nothing there.
      expect(await darkestIn(png, 150, 90)).toBeLessThan(80);
      // So has the lower part, with the date and the place.
      expect(await darkestIn(png, 300, 270)).toBeLessThan(80);
    }
  });

  it('names its picture by what it says', () => {
    expect(shareHashOf(text)).toMatch(/^[0-9a-f]{16}$/);
    expect(shareHashOf({ ...text, when: 'Sunday' })).not.toBe(shareHashOf(text));
  });
});
