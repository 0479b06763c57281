import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, imagePath } from '../../../common/images';
import type { ApiError } from '../../../common/schemas/errors';
import type { EventDto } from '../../../common/schemas/events';
import type { ImageUpload } from '../../../common/schemas/images';
import type { EventEditState } from '../../../common/schemas/ownership';
import { deleteAccount } from '../../commands/deleteAccount';
import { runMaintenance } from '../../maintenance';
import { createModerator, createUser, sessionCookieFor, validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import {
  HTML_PAGE,
  heicHeader,
  PHOTO_SECRETS,
  photoWithMetadata,
  pngBomb,
  SVG_WITH_SCRIPT,
  smallPng,
  truncatedJpeg,
} from '../../testing/images';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function signedIn(role: 'user' | 'moderator' = 'user') {
  const user = role === 'moderator' ? await createModerator(server.store) : await createUser(server.store);
  return { user, cookie: await sessionCookieFor(server.store, user) };
}

function upload(bytes: Buffer | null, cookie?: string, name = 'flyer.jpg', type = 'image/jpeg') {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  else form.append('note', 'no file here');
  return server.fetch('/api/images', { method: 'POST', headers: cookie ? { cookie } : {}, body: form });
}

const imageCount = async () =>
  Number(
    (
      await server.store.db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

async function uploaded(bytes: Buffer, cookie: string): Promise<ImageUpload> {
  const res = await upload(bytes, cookie);
  expect(res.status).toBe(201);
  return (await res.json()) as ImageUpload;
}

async function submit(body: unknown, cookie: string) {
  return server.fetch('/api/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}

describe('POST /api/images: a photo is re-encoded without its metadata', () => {
  it('answers its id, size and every variant, and no variant carries EXIF, GPS, XMP, IPTC or ICC', async () => {
    const { cookie } = await signedIn();
    const photo = await photoWithMetadata(1600, 1000);
    // The test photo does carry them, so their absence below is the server's doing.
    const before = await sharp(photo).metadata();
    expect(before.exif && before.xmp && before.icc).toBeTruthy();
    expect(photo.includes(PHOTO_SECRETS.make)).toBe(true);

    const image = await uploaded(photo, cookie);
    expect(image).toMatchObject({ width: 1200, height: 750 });
    expect(image.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(image.urls.map((u) => u.width)).toEqual([400, 640, 800, 1200]);

    for (const { width, webp, jpg } of image.urls) {
      for (const [url, format] of [
        [webp, 'webp'],
        [jpg, 'jpeg'],
      ] as const) {
        const res = await server.fetch(url, { headers: { cookie } });
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type')).toBe(format === 'webp' ? 'image/webp' : 'image/jpeg');
        const bytes = Buffer.from(await res.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta).toMatchObject({ format, width, height: Math.round((750 * width) / 1200) });
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        expect(meta.iptc, url).toBeUndefined();
        expect(meta.icc, url).toBeUndefined();
        for (const secret of [...Object.values(PHOTO_SECRETS), 'Exif\0\0', 'GPS', 'adobe:ns:meta']) {
          expect(bytes.includes(secret), `${url} carries ${secret}`).toBe(false);
        }
      }
    }
    // The original bytes are nowhere: only the variants are stored.
    const stored = await server.store.db
      .selectFrom('image_variants')
      .select('data')
      .where('image_id', '=', image.id)
      .execute();
    expect(stored).toHaveLength(8);
    for (const { data } of stored) expect(Buffer.from(data).includes(PHOTO_SECRETS.make)).toBe(false);
  });

  it('turns a photo upright by its orientation tag, then drops the tag', async () => {
    const { cookie } = await signedIn();
    // Stored 800 × 400, tagged "rotate 90° clockwise to view": seen 400 wide and 800 high.
    const image = await uploaded(await photoWithMetadata(800, 400, 6), cookie);
    expect(image).toMatchObject({ width: 400, height: 800 });
    expect(image.urls.map((u) => u.width)).toEqual([400]);
    const res = await server.fetch(image.urls[0]?.jpg ?? '', { headers: { cookie } });
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 400, height: 800 });
    expect(meta.orientation).toBeUndefined();
  });

  it('never makes a small image larger, and keeps a PNG, WebP or AVIF', async () => {
    const { cookie } = await signedIn();
    const png = await uploaded(await smallPng(3, 300, 200), cookie);
    expect(png).toMatchObject({ width: 300, height: 200 });
    expect(png.urls.map((u) => u.width)).toEqual([300]);
    const webp = await sharp(await smallPng(4, 500, 500))
      .webp()
      .toBuffer();
    expect((await uploaded(webp, cookie)).urls.map((u) => u.width)).toEqual([400, 500]);
    const avif = await sharp(await smallPng(5, 120, 90))
      .avif()
      .toBuffer();
    expect(await uploaded(avif, cookie)).toMatchObject({ width: 120, height: 90 });
  });
});

describe('POST /api/images: refusals store nothing', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string, string, string, number, string][] = [
    [
      'plain text',
      () => Buffer.from('just some words'),
      'notes.jpg',
      'image/jpeg',
      'not_an_image',
      400,
      'image.notImage',
    ],
    [
      'an HTML page renamed .jpg',
      () => Buffer.from(HTML_PAGE),
      'flyer.jpg',
      'image/jpeg',
      'not_an_image',
      400,
      'image.notImage',
    ],
    [
      'an SVG with a script renamed .jpg',
      () => Buffer.from(SVG_WITH_SCRIPT),
      'flyer.jpg',
      'image/jpeg',
      'svg_refused',
      400,
      'image.svg',
    ],
    [
      'an SVG',
      () => Buffer.from(`<?xml version="1.0"?>\n${SVG_WITH_SCRIPT}`),
      'flyer.svg',
      'image/svg+xml',
      'svg_refused',
      400,
      'image.svg',
    ],
    ['a HEIC photo', heicHeader, 'IMG_0001.HEIC', 'image/heic', 'heic_unsupported', 400, 'image.heic'],
    [
      'a decompression bomb (30000 × 30000)',
      () => pngBomb(30000),
      'bomb.png',
      'image/png',
      'too_many_pixels',
      400,
      'image.tooManyPixels',
    ],
    ['a truncated JPEG', truncatedJpeg, 'cut.jpg', 'image/jpeg', 'undecodable', 400, 'image.undecodable'],
    [
      'a file over 10 MB',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(IMAGE_LIMITS.maxBytes)]),
      'huge.jpg',
      'image/jpeg',
      'too_large',
      413,
      'image.tooLarge',
    ],
  ];
  it.each(cases)('refuses %s', async (_what, make, name, type, code, status, messageCode) => {
    const { cookie } = await signedIn();
    const before = await imageCount();
    const res = await upload(await make(), cookie, name, type);
    expect(res.status).toBe(status);
    const body = (await res.json()) as ApiError;
    expect(body.error).toMatchObject({ code, messageCode });
    expect(body.error.message.length).toBeGreaterThan(10);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a visitor with 401, and a form without a file with 400', async () => {
    const before = await imageCount();
    const visitor = await upload(await smallPng(6));
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as ApiError).error.message).toBe(
      'User must be authenticated to upload images',
    );
    const { cookie } = await signedIn();
    const empty = await upload(null, cookie);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ApiError).error.messageCode).toBe('image.noFile');
    const json = await server.fetch('/api/images', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(await imageCount()).toBe(before);
  });

  it(`refuses the ${IMAGE_LIMITS.perDay + 1}th upload of a day with 429 and Retry-After`, async () => {
    const { cookie } = await signedIn();
    for (let i = 0; i < IMAGE_LIMITS.perDay; i++) {
      expect((await upload(await smallPng(i, 16, 16), cookie)).status).toBe(201);
    }
    const res = await upload(await smallPng(99, 16, 16), cookie);
    expect(res.status).toBe(429);
    expect(((await res.json()) as ApiError).error.messageCode).toBe('image.perDay');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else still may.
    expect((await upload(await smallPng(99, 16, 16), (await signedIn()).cookie)).status).toBe(201);
  });

  it('gives the last upload of the day to one of several sent at the same instant', async () => {
    const { cookie, user } = await signedIn();
    for (let i = 0; i < IMAGE_LIMITS.perDay - 1; i++) {
      expect((await upload(await smallPng(i, 16, 16), cookie)).status).toBe(201);
    }
    const files = await Promise.all([1, 2, 3].map((i) => smallPng(200 + i, 16, 16)));
    const statuses = (await Promise.all(files.map((file) => upload(file, cookie)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 429, 429]);
    const stored = await server.store.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('uploaded_by', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(IMAGE_LIMITS.perDay);
  });
});

describe('GET /images/…: served from the database, cached for ever, only to who may see it', () => {
  it('shows an unpublished event’s image to its submitter and moderators only, then to everyone', async () => {
    const owner = await signedIn();
    const image = await uploaded(await smallPng(7, 900, 600), owner.cookie);
    const url = image.urls[0]?.webp ?? '';
    expect(url).toBe(imagePath(image.hash, 400, 'webp'));

    const res = await submit(
      { ...validEventInput(), image: { id: image.id, alt: 'A flyer: march at noon' } },
      owner.cookie,
    );
    expect(res.status).toBe(201);
    const event = (await res.json()) as EventDto;
    expect(event.image).toEqual({
      id: image.id,
      hash: image.hash,
      width: 900,
      height: 600,
      alt: 'A flyer: march at noon',
    });

    const stranger = await signedIn();
    const moderator = await signedIn('moderator');
    expect((await server.fetch(url)).status).toBe(404);
    expect((await server.fetch(url, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    const own = await server.fetch(url, { headers: { cookie: owner.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await server.fetch(url, { headers: { cookie: moderator.cookie } })).status).toBe(200);

    await server.store.db
      .updateTable('events')
      .set({ status: 'approved', approved_at: Date.now() })
      .where('id', '=', event.id)
      .execute();
    const open = await server.fetch(url);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = open.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await server.fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // The listing carries it too.
    const shown = (await (await server.fetch(`/api/events/${event.id}`)).json()) as EventDto;
    expect(shown.image?.hash).toBe(image.hash);
    // The RSS item carries the largest JPEG as its enclosure, with its size.
    const largest = image.urls[image.urls.length - 1]?.jpg ?? '';
    const bytes = (await (await server.fetch(largest)).arrayBuffer()).byteLength;
    const rss = await (await server.fetch('/feed.xml')).text();
    expect(rss).toContain(
      `<enclosure url="${server.env.PUBLIC_URL}${largest}" length="${bytes}" type="image/jpeg"/>`,
    );
  });

  it('makes a variant an image stored before its width was a step lacks, once, for who may see it', async () => {
    const owner = await signedIn();
    // A photo of its own (the same bytes uploaded twice share their variants).
    const image = await uploaded(await photoWithMetadata(1500, 900), owner.cookie);
    // As stored before 640 was a step: 400, 800 and 1200 only.
    await server.store.db
      .deleteFrom('image_variants')
      .where('image_id', '=', image.id)
      .where('width', '=', 640)
      .execute();
    const stored640 = async () =>
      (
        await server.store.db
          .selectFrom('image_variants')
          .select(['format', 'data'])
          .where('image_id', '=', image.id)
          .where('width', '=', 640)
          .orderBy('format')
          .execute()
      ).map((row) => ({ format: row.format, data: Buffer.from(row.data) }));
    const res = await submit(
      { ...validEventInput(), image: { id: image.id, alt: 'An older flyer' } },
      owner.cookie,
    );
    expect(res.status).toBe(201);
    const webp = imagePath(image.hash, 640, 'webp');

    // The event is not published: a stranger is told it does not exist, and nothing is made.
    const stranger = await signedIn();
    expect((await server.fetch(webp, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect(await stored640()).toEqual([]);

    const made = await server.fetch(webp, { headers: { cookie: owner.cookie } });
    expect(made.status).toBe(200);
    expect(made.headers.get('content-type')).toBe('image/webp');
    expect(made.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const bytes = Buffer.from(await made.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 384 });
    expect(meta.exif ?? meta.xmp ?? meta.icc).toBeUndefined();
    expect(await stored640()).toEqual([{ format: 'webp', data: bytes }]);
    // Asked again, it is the stored one.
    const again = await server.fetch(webp, { headers: { cookie: owner.cookie } });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);

    // Three asking at once for the JPEG get the same bytes, stored once.
    const jpg = imagePath(image.hash, 640, 'jpg');
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.fetch(jpg, { headers: { cookie: owner.cookie } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const jpegs = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    const rows = await stored640();
    expect(rows.map((row) => row.format)).toEqual(['jpg', 'webp']);
    for (const jpeg of jpegs) expect(jpeg.equals(rows[0]?.data ?? Buffer.alloc(0))).toBe(true);
    expect(await sharp(jpegs[0]).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 384 });

    // Only the steps narrower than the image: no other width is made.
    for (const width of [641, 1600, 300]) {
      const path = imagePath(image.hash, width, 'webp');
      expect((await server.fetch(path, { headers: { cookie: owner.cookie } })).status, path).toBe(404);
    }
    const widths = await server.store.db
      .selectFrom('image_variants')
      .select('width')
      .distinct()
      .where('image_id', '=', image.id)
      .orderBy('width')
      .execute();
    expect(widths.map((row) => row.width)).toEqual([400, 640, 800, 1200]);
  });

  it('answers 404 for an unknown or malformed address', async () => {
    for (const path of [
      '/images/0123456789abcdef0123456789abcdef-400.webp',
      '/images/0123456789abcdef0123456789abcdef-400.png',
      '/images/..%2F..%2Fetc%2Fpasswd',
      '/images/abc-400.jpg',
    ]) {
      expect((await server.fetch(path)).status, path).toBe(404);
    }
  });
});

describe('an event names its flyer', () => {
  it('needs alt text, and only the submitter’s own upload', async () => {
    const owner = await signedIn();
    const image = await uploaded(await smallPng(8), owner.cookie);
    const noAlt = await submit({ ...validEventInput(), image: { id: image.id, alt: '  ' } }, owner.cookie);
    expect(noAlt.status).toBe(400);
    expect(((await noAlt.json()) as ApiError).error.fields?.['image.alt']).toBe(
      'Describe the image for people who cannot see it',
    );
    const other = await signedIn();
    const theirs = await submit(
      { ...validEventInput(), image: { id: image.id, alt: 'Flyer' } },
      other.cookie,
    );
    expect(theirs.status).toBe(400);
    expect(((await theirs.json()) as ApiError).error.fields?.image).toBe(
      'This image is no longer available. Please choose it again.',
    );
    const unknown = await submit(
      { ...validEventInput(), image: { id: 'AAAAAAAAAAAAAAAA', alt: 'Flyer' } },
      owner.cookie,
    );
    expect(unknown.status).toBe(400);
    const none = await submit({ ...validEventInput(), image: null }, owner.cookie);
    expect(none.status).toBe(201);
    expect(((await none.json()) as EventDto).image).toBeUndefined();
  });

  it('a new image on a published event is a proposed change: the published one stays until accepted', async () => {
    const owner = await signedIn();
    const first = await uploaded(await smallPng(9), owner.cookie);
    const created = (await (
      await submit({ ...validEventInput(), image: { id: first.id, alt: 'First flyer' } }, owner.cookie)
    ).json()) as EventDto;
    await server.store.db
      .updateTable('events')
      .set({ status: 'approved' })
      .where('id', '=', created.id)
      .execute();
    const second = await uploaded(await smallPng(10), owner.cookie);
    const edit = await server.fetch(`/api/events/${created.id}/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie },
      body: JSON.stringify({
        ...validEventInput(),
        image: { id: second.id, alt: 'Second flyer' },
        version: created.version,
      }),
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as { outcome: string }).outcome).toBe('proposed');
    const live = (await (await server.fetch(`/api/events/${created.id}`)).json()) as EventDto;
    expect(live.image?.id).toBe(first.id);
    const state = (await (
      await server.fetch(`/api/events/${created.id}/edit`, { headers: { cookie: owner.cookie } })
    ).json()) as EventEditState;
    expect(state.image?.id).toBe(first.id);
    expect(state.change?.image).toMatchObject({ id: second.id, hash: second.hash, alt: 'Second flyer' });
    // The moderators compare both.
    const moderator = await signedIn('moderator');
    const queue = (await (
      await server.fetch('/api/moderation/events?tab=pending', { headers: { cookie: moderator.cookie } })
    ).json()) as {
      items: {
        event: { id: string };
        change?: { currentImage?: { id: string }; proposedImage?: { id: string } };
      }[];
    };
    const item = queue.items.find((i) => i.event.id === created.id);
    expect(item?.change?.currentImage?.id).toBe(first.id);
    expect(item?.change?.proposedImage?.id).toBe(second.id);
    // The proposed image is the moderators' and its uploader's to see until accepted.
    const proposedUrl = second.urls[0]?.jpg ?? '';
    expect((await server.fetch(proposedUrl)).status).toBe(404);
    expect((await server.fetch(proposedUrl, { headers: { cookie: moderator.cookie } })).status).toBe(200);
  });

  it('uploads no event used are deleted after a day; used ones stay', async () => {
    const owner = await signedIn();
    const unused = await uploaded(await smallPng(11), owner.cookie);
    const used = await uploaded(await smallPng(12), owner.cookie);
    expect(
      (await submit({ ...validEventInput(), image: { id: used.id, alt: 'Kept' } }, owner.cookie)).status,
    ).toBe(201);
    await runMaintenance(server.store.db, Date.now() + 25 * 3600 * 1000);
    const left = await server.store.db
      .selectFrom('images')
      .select('id')
      .where('id', 'in', [unused.id, used.id])
      .execute();
    expect(left.map((r) => r.id)).toEqual([used.id]);
    const variants = await server.store.db
      .selectFrom('image_variants')
      .select('image_id')
      .where('image_id', '=', unused.id)
      .execute();
    expect(variants).toEqual([]);
  });

  it('a flyer let go is deleted: replaced on an edit, replaced by an accepted change, proposed by a rejected or superseded one', async () => {
    const owner = await signedIn();
    const moderator = await signedIn('moderator');
    const stored = async (ids: string[]) =>
      (await server.store.db.selectFrom('images').select('id').where('id', 'in', ids).execute())
        .map((r) => r.id)
        .sort();
    const edit = async (id: string, imageId: string, version: number) => {
      const res = await server.fetch(`/api/events/${id}/edit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        body: JSON.stringify({ ...validEventInput(), image: { id: imageId, alt: 'A flyer' }, version }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { event: EventDto }).event;
    };
    const decide = async (id: string, version: number, accept: boolean) => {
      const res = await server.fetch(`/api/moderation/events/${id}/${accept ? 'accept' : 'reject'}-change`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: moderator.cookie },
        body: JSON.stringify(accept ? { version } : { version, reason: 'Not this one' }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { event: EventDto }).event;
    };
    const [a, b, c, d, e] = await Promise.all(
      [31, 32, 33, 34, 35].map(async (seed) => uploaded(await smallPng(seed), owner.cookie)),
    );
    if (!a || !b || !c || !d || !e) throw new Error('uploads');
    const created = (await (
      await submit({ ...validEventInput(), image: { id: a.id, alt: 'A flyer' } }, owner.cookie)
    ).json()) as EventDto;

    // Waiting for review: the edit replaces it in place, and the old one goes with the edit.
    const pending = await edit(created.id, b.id, created.version);
    expect(await stored([a.id, b.id])).toEqual([b.id]);
    expect((await server.fetch(a.urls[0]?.jpg ?? '', { headers: { cookie: owner.cookie } })).status).toBe(
      404,
    );

    // Published: a change proposes C, rejected: C goes, B stays.
    await server.store.db
      .updateTable('events')
      .set({ status: 'approved' })
      .where('id', '=', created.id)
      .execute();
    let proposed = await edit(created.id, c.id, pending.version);
    proposed = await decide(created.id, proposed.version, false);
    expect(await stored([b.id, c.id])).toEqual([b.id]);

    // A change proposing D, superseded by one proposing E: D goes at the next clean-up.
    proposed = await edit(created.id, d.id, proposed.version);
    proposed = await edit(created.id, e.id, proposed.version);
    expect(await stored([d.id])).toEqual([d.id]);
    await runMaintenance(server.store.db);
    expect(await stored([b.id, d.id, e.id])).toEqual([b.id, e.id].sort());

    // Accepted: E is shown, B goes.
    const accepted = await decide(created.id, proposed.version, true);
    expect(accepted.image?.id).toBe(e.id);
    expect(await stored([b.id, e.id])).toEqual([e.id]);
    expect((await server.fetch(e.urls[0]?.jpg ?? '')).status).toBe(200);
  });

  it('deleting an account deletes its images, but those a published event shows', async () => {
    const owner = await signedIn();
    const published = await uploaded(await smallPng(13), owner.cookie);
    const pending = await uploaded(await smallPng(14), owner.cookie);
    const unused = await uploaded(await smallPng(15), owner.cookie);
    const a = (await (
      await submit({ ...validEventInput(), image: { id: published.id, alt: 'Stays' } }, owner.cookie)
    ).json()) as EventDto;
    const b = (await (
      await submit({ ...validEventInput(), image: { id: pending.id, alt: 'Goes' } }, owner.cookie)
    ).json()) as EventDto;
    await server.store.db.updateTable('events').set({ status: 'approved' }).where('id', '=', a.id).execute();
    await deleteAccount(server.store.db, { userId: owner.user.id });
    const left = await server.store.db
      .selectFrom('images')
      .select(['id', 'uploaded_by'])
      .where('id', 'in', [published.id, pending.id, unused.id])
      .execute();
    expect(left).toEqual([{ id: published.id, uploaded_by: null }]);
    expect((await server.fetch(published.urls[0]?.jpg ?? '')).status).toBe(200);
    const withdrawn = await server.store.db
      .selectFrom('events')
      .select(['status', 'image', 'image_id'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(withdrawn).toEqual({ status: 'withdrawn', image: null, image_id: null });
  });
});
