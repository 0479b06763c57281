import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import type { EventDto } from '../../../common/schemas/events';
import type { ImageUpload } from '../../../common/schemas/images';
import type { ModerationItem, ModerationList } from '../../../common/schemas/moderation';
import type { EditResult, EventEditState } from '../../../common/schemas/ownership';
import type { SeriesDto } from '../../../common/schemas/series';
import { runMaintenance } from '../../maintenance';
import { apiClient, type SignedIn, signedIn, signedInModerator } from '../../testing/api';
import { validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { smallPng } from '../../testing/images';

// "Edit every date" of a published series with a flyer (docs/PRODUCT.md#recurring-events,
// docs/PRODUCT.md#flyers): the proposed change names the flyer it keeps, replaces or drops, and the
// moderators compare the published and the proposed flyer as they do for one event. "Propose changes"
// on one of its dates starts from that date (its own day, time and flyer), changes that date alone, and
// the moderators' comparison is what Accept does; one change waits per series: to every date, or to
// single dates, never both.

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

const form = (fields: Record<string, string> = {}) =>
  validEventInput({ date: '2031-03-14', time: '18:00', title: 'Friday vigil with a flyer', ...fields });

const ALT = 'Candles on the town hall steps';

/** A weekly series of Fridays from 14 March 2031 with a flyer, submitted by a new organiser and approved. */
async function publishedSeriesWithFlyer(count = 4) {
  const organiser = await signedIn(server.store);
  const flyer = await uploaded(organiser.cookie);
  const first = await call<EventDto>(
    '/api/events',
    organiser.cookie,
    { ...form(), image: { id: flyer.id, alt: ALT }, repeats: { freq: 'weekly', weekdays: ['FR'], count } },
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

/** The changes waiting on dates of the series, each on its own date in the Pending list. */
async function waitingChanges(seriesId: string): Promise<ModerationItem[]> {
  const queue = await call<ModerationList>(
    '/api/moderation/events?tab=pending&pageSize=100',
    moderator.cookie,
  );
  return queue.items.filter((i) => i.event.series?.id === seriesId && i.change);
}

async function accept(item: ModerationItem | undefined) {
  await call(`/api/moderation/events/${item?.event.id}/accept-change`, moderator.cookie, {
    version: item?.event.version,
  });
}

const everyDate = (series: SeriesDto) =>
  Promise.all(series.occurrences.map((o) => call<EventDto>(`/api/events/${o.id}`, null)));

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
    expect(item.change?.scope).toBe('series');
    expect(item.change?.currentImage).toMatchObject({ id: flyer.id, hash: flyer.hash });
    expect(item.change?.proposedImage).toEqual(item.change?.currentImage);
    // Editing again starts from the change, flyer included (sending it again must not drop it).
    const state = await call<EventEditState>(`/api/events/${first.id}/edit`, organiser.cookie);
    expect(state.seriesChange?.image).toMatchObject({ id: flyer.id, alt: 'Candles on the town hall steps' });
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

const NOTE = 'Step-free entrance via the side gate this week only';
const NEW_DESCRIPTION = 'Candles and names read aloud, every Friday, rain or shine.';

describe('"Propose changes" on one date of a published series', () => {
  it('starts from that date, is refused while a change to every date waits, then changes that date alone', async () => {
    const { organiser, flyer, series } = await publishedSeriesWithFlyer(6);
    const third = series.occurrences[2];
    // "Edit every date": the description only, the flyer kept.
    await call(`/api/series/${series.id}/edit`, organiser.cookie, {
      ...form({ description: NEW_DESCRIPTION }),
      image: { id: flyer.id, alt: ALT },
      version: series.version,
    });

    // The third date's form starts from that date: its own day and time, its flyer; the change to every
    // date is told apart, not taken as this date's.
    const state = await call<EventEditState>(`/api/events/${third?.id}/edit`, organiser.cookie);
    expect(state.values).toMatchObject({ date: '2031-03-28', time: '18:00' });
    expect(state.image).toMatchObject({ id: flyer.id, alt: ALT });
    expect(state.change).toBeUndefined();
    expect(state.seriesId).toBe(series.id);
    expect(state.seriesChange).toMatchObject({
      status: 'pending',
      values: { date: '2031-03-14', description: NEW_DESCRIPTION },
    });

    // Sending it while the change to every date waits is refused, and nothing changes.
    const refused = await call<ApiError>(
      `/api/events/${third?.id}/edit`,
      organiser.cookie,
      {
        ...form({ date: '2031-03-28', accessibility: NOTE }),
        image: { id: flyer.id, alt: ALT },
        version: state.version,
      },
      409,
    );
    expect(refused.error).toMatchObject({
      code: 'series_change_waiting',
      messageCode: 'series.changeWaiting',
    });
    expect(refused.error.message).toContain(
      'A change to every date of this recurring event is waiting for review.',
    );
    const waiting = await waitingChanges(series.id);
    expect(waiting.map((i) => i.event.id)).toEqual([series.occurrences[0]?.id]);

    // Once it is accepted, the date is changed alone, from what it now is.
    await accept(waiting[0]);
    const now = await call<EventEditState>(`/api/events/${third?.id}/edit`, organiser.cookie);
    expect(now.values).toMatchObject({ date: '2031-03-28', description: NEW_DESCRIPTION });
    expect(now.seriesChange).toBeUndefined();
    const proposed = await call<EditResult>(`/api/events/${third?.id}/edit`, organiser.cookie, {
      ...form({ date: '2031-03-28', description: NEW_DESCRIPTION, accessibility: NOTE }),
      image: { id: flyer.id, alt: ALT },
      version: now.version,
    });
    expect(proposed.outcome).toBe('proposed');
    // Its own form starts from it next time; the series has no change to every date waiting.
    const again = await call<EventEditState>(`/api/events/${third?.id}/edit`, organiser.cookie);
    expect(again.change).toMatchObject({
      status: 'pending',
      values: { date: '2031-03-28', accessibility: NOTE },
    });
    expect(again.change?.image).toMatchObject({ id: flyer.id });
    expect(
      (await call<SeriesDto>(`/api/series/${series.id}`, organiser.cookie)).proposedRule,
    ).toBeUndefined();

    // The moderators compare that date with what it proposes: the note, nothing else.
    const [item] = await waitingChanges(series.id);
    expect(item?.event.id).toBe(third?.id);
    const change = item?.change;
    // …and are told it is for that date alone.
    expect(change?.scope).toBe('date');
    const differing = Object.keys(change?.current ?? {}).filter(
      (key) =>
        change?.current[key as keyof typeof change.current] !==
        change?.proposed[key as keyof typeof change.proposed],
    );
    expect(differing).toEqual(['accessibility']);
    expect(change?.proposedImage).toEqual(change?.currentImage);

    // Accept does exactly that: the third date gets the note, keeps its day and flyer; no other changes.
    await accept(item);
    const dates = await everyDate(series);
    expect(dates.map((d) => d.accessibility ?? null)).toEqual([null, null, NOTE, null, null, null]);
    expect(dates.map((d) => d.image?.id)).toEqual(Array(6).fill(flyer.id));
    expect(dates.map((d) => d.date)).toEqual(series.occurrences.map((o) => o.date));
    expect(dates.map((d) => d.description)).toEqual(Array(6).fill(NEW_DESCRIPTION));
    expect(dates.map((d) => d.series?.moved)).toEqual(Array(6).fill(false));
  });

  it('moves that date when it proposes another day, never onto another date, and holds "Edit every date" while it waits', async () => {
    const { organiser, flyer, series } = await publishedSeriesWithFlyer(6);
    const fourth = series.occurrences[3];
    const send = (fields: Record<string, string>, version: number | undefined, status = 200) =>
      call<EditResult | ApiError>(
        `/api/events/${fourth?.id}/edit`,
        organiser.cookie,
        { ...form(fields), image: { id: flyer.id, alt: ALT }, version },
        status,
      );
    // Onto the fifth date's day: refused, as Change time is.
    const onto = (await send({ date: '2031-04-11', time: '18:00' }, fourth?.version, 409)) as ApiError;
    expect(onto.error.code).toBe('date_taken');
    // To the Saturday, at 15:00 (British Summer Time): proposed.
    await send({ date: '2031-04-05', time: '15:00' }, fourth?.version);

    // "Edit every date" waits until it is decided: accepted after it, it would undo this date's change.
    const current = await call<SeriesDto>(`/api/series/${series.id}`, organiser.cookie);
    // My events says which date's change waits; visitors are not told.
    expect(current.occurrences.map((o) => o.changeWaiting ?? false)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    const seen = await server.fetch(`/api/series/${series.id}`);
    expect(JSON.stringify(await seen.json())).not.toContain('changeWaiting');
    const held = await call<ApiError>(
      `/api/series/${series.id}/edit`,
      organiser.cookie,
      {
        ...form({ description: NEW_DESCRIPTION }),
        image: { id: flyer.id, alt: ALT },
        version: current.version,
      },
      409,
    );
    expect(held.error).toMatchObject({
      code: 'date_change_waiting',
      messageCode: 'series.dateChangeWaiting',
    });

    // So does that date's Change time, for its organiser and for a moderator: accepted after it, the
    // change would give the date back the time it proposes. Another date's time still changes.
    const waitingDate = await call<EventDto>(`/api/events/${fourth?.id}`, organiser.cookie);
    const move = (
      who: SignedIn,
      id: string | undefined,
      date: string,
      version: number | undefined,
      status = 200,
    ) =>
      call<EventDto | ApiError>(
        `/api/events/${id}/move`,
        who.cookie,
        { date, time: '12:00', version },
        status,
      );
    const ownMove = (await move(organiser, fourth?.id, '2031-04-04', waitingDate.version, 409)) as ApiError;
    expect(ownMove.error).toMatchObject({
      code: 'date_change_waiting',
      messageCode: 'series.moveChangeWaiting',
    });
    const moderatorMove = (await move(
      moderator,
      fourth?.id,
      '2031-04-04',
      waitingDate.version,
      409,
    )) as ApiError;
    expect(moderatorMove.error).toMatchObject({
      code: 'decide_change_first',
      messageCode: 'event.decideChangeFirst',
    });
    expect((await call<EventDto>(`/api/events/${fourth?.id}`, organiser.cookie)).date).toBe(waitingDate.date);
    const sixth = series.occurrences[5];
    const movedSixth = (await move(organiser, sixth?.id, '2031-04-18', sixth?.version)) as EventDto;
    expect(movedSixth).toMatchObject({ date: '2031-04-18T11:00:00.000Z', series: { moved: true } });

    const [item] = await waitingChanges(series.id);
    expect(item?.change?.current.date).toBe('2031-04-04');
    expect(item?.change?.proposed).toMatchObject({ date: '2031-04-05', time: '15:00' });
    await accept(item);
    const dates = await everyDate(series);
    expect(dates[3]).toMatchObject({ date: '2031-04-05T14:00:00.000Z', series: { moved: true } });
    expect(dates[5]?.date).toBe('2031-04-18T11:00:00.000Z');
    expect(dates.filter((_, i) => i !== 3 && i !== 5).map((d) => d.date)).toEqual(
      series.occurrences.filter((_, i) => i !== 3 && i !== 5).map((o) => o.date),
    );
    // Decided: its time can be changed again, and the whole series edited again.
    const decidedSeries = await call<SeriesDto>(`/api/series/${series.id}`, organiser.cookie);
    expect(decidedSeries.occurrences.some((o) => o.changeWaiting)).toBe(false);
    const decided = await call<EventDto>(`/api/events/${fourth?.id}`, organiser.cookie);
    expect(await move(organiser, fourth?.id, '2031-04-05', decided.version)).toMatchObject({
      date: '2031-04-05T11:00:00.000Z',
    });
    const after = await call<SeriesDto>(`/api/series/${series.id}`, organiser.cookie);
    await call(`/api/series/${series.id}/edit`, organiser.cookie, {
      ...form({ description: NEW_DESCRIPTION }),
      image: { id: flyer.id, alt: ALT },
      version: after.version,
    });
  });
});

describe("A moderator's edit while the organiser's change waits", () => {
  it('is refused where the change would be lost or undo it, and goes ahead on other dates', async () => {
    const { organiser, flyer, series } = await publishedSeriesWithFlyer(4);
    const [, second, third, fourth] = series.occurrences;
    const dateForm = (date: string, fields: Record<string, string> = {}) => ({
      ...form({ date, ...fields }),
      image: { id: flyer.id, alt: ALT },
    });
    const editDate = async (who: SignedIn, id: string | undefined, date: string, status = 200) => {
      const state = await call<EventEditState>(`/api/events/${id}/edit`, who.cookie);
      return call<EditResult | ApiError>(
        `/api/events/${id}/edit`,
        who.cookie,
        { ...dateForm(date, { accessibility: NOTE }), version: state.version },
        status,
      );
    };
    const refusal = { code: 'decide_change_first', messageCode: 'event.decideChangeFirst' };

    // The organiser proposes a change to the second date alone.
    await editDate(organiser, second?.id, '2031-03-21');
    // The moderator cannot edit that date, nor every date, while it waits; another date, yes.
    expect(((await editDate(moderator, second?.id, '2031-03-21', 409)) as ApiError).error).toMatchObject(
      refusal,
    );
    const current = await call<SeriesDto>(`/api/series/${series.id}`, moderator.cookie);
    const whole = await call<ApiError>(
      `/api/series/${series.id}/edit`,
      moderator.cookie,
      { ...dateForm('2031-03-14', { description: NEW_DESCRIPTION }), version: current.version },
      409,
    );
    expect(whole.error).toMatchObject(refusal);
    await editDate(moderator, third?.id, '2031-03-28');
    const [waiting] = await waitingChanges(series.id);
    expect(waiting?.event.id).toBe(second?.id);
    expect(waiting?.change?.proposed.accessibility).toBe(NOTE);

    // Accepted, the organiser proposes a change to every date: the moderator's edit of any date waits.
    await accept(waiting);
    const now = await call<SeriesDto>(`/api/series/${series.id}`, organiser.cookie);
    await call(`/api/series/${series.id}/edit`, organiser.cookie, {
      ...dateForm('2031-03-14', { description: NEW_DESCRIPTION }),
      version: now.version,
    });
    expect(((await editDate(moderator, fourth?.id, '2031-04-04', 409)) as ApiError).error).toMatchObject(
      refusal,
    );
    expect((await waitingChange(series.id)).change?.proposed.description).toBe(NEW_DESCRIPTION);
  });
});
