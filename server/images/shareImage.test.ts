import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderShareImage, SHARE_IMAGE, shareHashOf, shareSvg, textWidthEm, wrapText } from './shareImage';

const text = {
  title: 'Vigil for Gaza at the town hall, with readings & songs <for everyone>',
  when: 'Saturday, May 17, 2031 at 6:30 PM (GMT+1)',
  place: 'Manchester, United Kingdom',
  site: 'Palestine Solidarity Calendar',
};

/**
 * The darkest grey in a part of the picture (the whole width unless told): text there is dark on the
 * white card. The part is cut out first: sharp's `stats()` reads its input, not what a pipeline makes.
 */
async function darkestIn(
  png: Buffer,
  top: number,
  height: number,
  left = 0,
  width: number = SHARE_IMAGE.width,
) {
  const part = await sharp(png).extract({ left, top, width, height }).greyscale().raw().toBuffer();
  return part.reduce((darkest, value) => Math.min(darkest, value), 255);
}

describe('the share preview drawn for an event without a flyer (docs/PRODUCT.md#flyers)', () => {
  it('wraps a long title into at most three lines by their width, cutting the rest with an ellipsis', () => {
    expect(wrapText('March for Gaza', 16, 3, true)).toEqual(['March for Gaza']);
    const lines = wrapText('word '.repeat(40), 16, 3, true);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(textWidthEm(line, true)).toBeLessThanOrEqual(16);
    expect(lines[2]?.endsWith('…')).toBe(true);
    // Wide letters make fewer of them a line; a word wider than a line is cut.
    expect(wrapText('WWWW iiii', 5, 2, true)).toEqual(['WWWW', 'iiii']);
    expect(wrapText('Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 8, 2, true)).toEqual([expect.stringMatching(/…$/)]);
  });

  it('keeps every line inside its margins, however wide its letters', async () => {
    const wide = {
      site: 'Palestine Solidarity Calendar Worldwide Network of Organisers',
      when: 'Wednesday, September 30, 2026 at 12:00 PM (Eastern Standard Time)',
      place: 'Mwanza Region, United Republic of Tanzania, Mainland',
    };
    for (const title of [
      'Surprise action at the embassy',
      'MASSIVE WALKOUT WEDNESDAY: WOMEN WORKERS MARCH WITH MOTHERS OF GAZA NOW',
      'وقفة تضامنية مع غزة أمام البرلمان والسفارة الأمريكية في العاصمة مساء الأربعاء القادم',
    ]) {
      const png = await renderShareImage({ ...wide, title });
      // The 90 px margins stay white from under the top bar to above the flag's colours at the foot.
      for (const left of [0, SHARE_IMAGE.width - 88]) {
        expect(await darkestIn(png, 20, 570, left, 88), `${title} at x=${left}`).toBeGreaterThan(240);
      }
      // Where the lines are, they are drawn.
      expect(await darkestIn(png, 20, 570, 88, SHARE_IMAGE.width - 2 * 88)).toBeLessThan(80);
    }
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
