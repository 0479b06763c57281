import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Camera and place details written into test photos; no served variant may carry any of them. */
export const PHOTO_SECRETS = {
  make: 'FlyerTestCameraMaker',
  model: 'FlyerTestModel-GPS9',
  gpsLatitude: '31/1 31/1 4567/100',
  gpsLongitude: '34/1 27/1 1234/100',
  xmpCreator: 'FlyerTestXmpCreator',
} as const;

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${PHOTO_SECRETS.xmpCreator}</rdf:li></rdf:Seq></dc:creator></rdf:Description>
</rdf:RDF></x:xmpmeta>`;

/** A noisy picture (so that it compresses like a photo, not like a flat colour). */
function noisy(width: number, height: number, channels: 3 | 4 = 3) {
  const data = Buffer.alloc(width * height * channels);
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = (seed >> 16) & 0xff;
  }
  return sharp(data, { raw: { width, height, channels } });
}

/**
 * A JPEG as a phone writes it: EXIF with the camera's make and model and GPS coordinates, XMP with a
 * creator's name, and a Display P3 colour profile.
 */
export function photoWithMetadata(width = 1600, height = 1000, orientation?: number): Promise<Buffer> {
  let image = noisy(width, height)
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: PHOTO_SECRETS.make, Model: PHOTO_SECRETS.model },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: PHOTO_SECRETS.gpsLatitude,
        GPSLongitudeRef: 'E',
        GPSLongitude: PHOTO_SECRETS.gpsLongitude,
      },
    })
    .withXmp(XMP);
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** A small PNG, different for each `seed` (so uploads are distinct files). */
export function smallPng(seed = 0, width = 64, height = 48): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: seed % 256, g: 122, b: 61, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

/**
 * A decompression bomb: a tiny PNG whose header declares `side` × `side` pixels (30000² = 900 million,
 * gigabytes once decoded).
 */
export async function pngBomb(side = 30000): Promise<Buffer> {
  const png = Buffer.from(await smallPng(1, 1, 1));
  // The IHDR chunk starts at byte 8: length (4), type (4), width (4), height (4), …, its CRC after 13 bytes.
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A JPEG cut off half-way, as an interrupted download leaves it. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await noisy(800, 600).jpeg({ quality: 90 }).toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** The first bytes of an iPhone HEIC photo (the `ftyp` box), then nothing a decoder could use. */
export function heicHeader(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.writeUInt32BE(0, 12);
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(2048, 7)]);
}

export const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>';
export const HTML_PAGE = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
