import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '../../../common/schemas/events';
import type { ImageUpload } from '../../../common/schemas/images';
import type { ModerationItem, ModerationList } from '../../../common/schemas/moderation';
import type { EventEditState } from '../../../common/schemas/ownership';
import type { SeriesDto } from '../../../common/schemas/series';
import { runMaintenance } from '../../maintenance';
import { apiClient, type SignedIn, signedIn, signedInModerator } from '../../testing/api';
import { validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { smallPng } from '../../testing/images';

// "Edit every date" of a published series with a flyer (docs/PRODUCT.md#recurring-events,
// docs/PRODUCT.md#flyers): the proposed change names the flyer it keeps, replaces or drops, and the
// moderators compare the published and the proposed flyer as they do for one event.

let server: TestServer;
let moderator: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  moderator = await signedInModerator(server.store);
});
afterAll(() => server.close());

const { answer: call } = apiClient(() => server);

let seed = 40;
async function uploaded(cookie: string): Promise<ImageUpload> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await smallPng(seed++))], { type: 'image/png' }), 'flyer.png');
  const res = await server.fetch('/api/images', { method: 'POST', headers: { cookie }, body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as ImageUpload;
}

const FRIDAYS = { freq: 'weekly', weekdays: ['FR'], count: 4 } as const;
const form = (fields: Record<string, string> = {}) =>
  validEventInput({ date: '2031-03-14', time: '18:00', title: 'Friday vigil with a flyer', ...fields });

/** A weekly series with a flyer, submitted by a new organiser and approved. */
async function publishedSeriesWithFlyer() {
  const organiser = await signedIn(server.store);
  const flyer = await uploaded(organiser.cookie);
  const first = await call<EventDto>(
    '/api/events',
    organiser.cookie,
    { ...form(), image: { id: flyer.id, alt: 'Candles on the town hall steps' }, repeats: FRIDAYS },
    201,
  );
  await call(`/api/moderation/events/${first.id}/approve`, moderator.cookie, { verified: false });
  const series = await call<SeriesDto>(`/api/series/${first.series?.id}`, organiser.cookie);
  return { organiser, flyer, first, series };
}

/** The change waiting for the series, as the moderators' Pending list shows it. */
async function waitingChange(seriesId: string): Promise<ModerationItem> {
  const queue = await call<ModerationList>(
    '/api/moderation/events?tab=pending&pageSize=100',
    moderator.cookie,
  );
  const item = queue.items.find((i) => i.event.series?.id === seriesId);
  expect(item?.change).toBeDefined();
  return item as ModerationItem;
}

async function accept(item: ModerationItem) {
  await call(`/api/moderation/events/${item.event.id}/accept-change`, moderator.cookie, {
    version: item.event.version,
  });
}

const imagesOfEveryDate = async (series: SeriesDto) =>
  Promise.all(
    series.occurrences.map(
      async (o) => (await call<EventDto>(`/api/events/${o.id}`, null)).image?.id ?? null,
    ),
  );

describe('"Edit every date" of a published series with a flyer', () => {
  it('keeping the flyer proposes no change to it: the moderators see the same flyer on both sides', async () => {
    const { organiser, flyer, first, series } = await publishedSeriesWithFlyer();
    // The form sends the flyer it shows as it sends it for one event: its id and alt text.
    await call(`/api/series/${series.id}/edit`, organiser.cookie, {
      ...form({ description: 'Candles and names read aloud, every Friday, rain or shine.' }),
      image: { id: flyer.id, alt: 'Candles on the town hall steps' },
      version: series.version,
    });
    const item = await waitingChange(series.id);
    expect(item.change?.currentImage).toMatchObject({ id: flyer.id, hash: flyer.hash });
    expect(item.change?.proposedImage).toEqual(item.change?.currentImage);
    // Editing again starts from the change, flyer included (sending it again must not drop it).
    const state = await call<EventEditState>(`/api/events/${first.id}/edit`, organiser.cookie);
    expect(state.change?.image).toMatchObject({ id: flyer.id, alt: 'Candles on the town hall steps' });
    await accept(item);
    expect(await imagesOfEveryDate(series)).toEqual(Array(4).fill(flyer.id));
  });

  it('a new flyer is shown as proposed, outlives the clean-up while it waits, and Accept puts it on every date', async () => {
    const { organiser, flyer, series } = await publishedSeriesWithFlyer();
    const replacement = await uploaded(organiser.cookie);
    await call(`/api/series/${series.id}/edit`, organiser.cookie, {
      ...form(),
      image: { id: replacement.id, alt: 'The new poster' },
      version: series.version,
    });
    // The clean-up keeps an upload that a waiting change names.
    await runMaintenance(server.store.db, Date.now() + 25 * 3600 * 1000);
    const item = await waitingChange(series.id);
    expect(item.change?.currentImage?.id).toBe(flyer.id);
    expect(item.change?.proposedImage).toMatchObject({ id: replacement.id, alt: 'The new poster' });
    await accept(item);
    expect(await imagesOfEveryDate(series)).toEqual(Array(4).fill(replacement.id));
  });

  it('dropping the flyer is shown as no flyer proposed, and Accept takes it off every date', async () => {
    const { organiser, flyer, series } = await publishedSeriesWithFlyer();
    await call(`/api/series/${series.id}/edit`, organiser.cookie, { ...form(), version: series.version });
    const item = await waitingChange(series.id);
    expect(item.change?.currentImage?.id).toBe(flyer.id);
    expect(item.change?.proposedImage).toBeUndefined();
    await accept(item);
    expect(await imagesOfEveryDate(series)).toEqual(Array(4).fill(null));
  });
});
