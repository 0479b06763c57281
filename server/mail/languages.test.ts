// Emails in their recipient's language (docs/PRODUCT.md#languages, docs/EMAIL.md), end to end: the
// cause happens through the API, the email arrives at a real SMTP server in the account's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMOVAL_REASON } from '../../common/moderationEnums';
import arEmail from '../../web/locales/ar/email.json';
import deEmail from '../../web/locales/de/email.json';
import esEmail from '../../web/locales/es/email.json';
import frCommon from '../../web/locales/fr/common.json';
import frEmail from '../../web/locales/fr/email.json';
import urEmail from '../../web/locales/ur/email.json';
import { setMailPreferences } from '../store/mailPreferences';
import type { UserRow } from '../store/schema';
import {
  createEvent,
  createModerator,
  createPasswordAccount,
  createReport,
  createSeriesEvents,
  createUser,
  secondDateOfMarchFridays,
  sessionCookieFor,
  validEventInput,
} from '../testing/factories';
import type { TestServer } from '../testing/harness';
import { type MailTestSetup, outboxRows, postJson, startServerWithMail } from '../testing/mail';

let mail: MailTestSetup;
let server: TestServer;
let moderator: UserRow;
let modCookie: string;
const SITE = 'Palestine Solidarity Calendar';

beforeAll(async () => {
  mail = await startServerWithMail();
  server = mail.server;
  moderator = await createModerator(server.store, { name: 'Moderator', emailVerified: true });
  modCookie = await sessionCookieFor(server.store, moderator);
});
afterAll(() => mail.close());

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.88.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

describe('emails in the recipient’s language', () => {
  it('come in Arabic to an Arabic account: subject, words, <html lang dir>, the title isolated, links in Arabic', async () => {
    const submitter = await createUser(server.store, { name: 'Amal', emailVerified: true, language: 'ar' });
    const event = await createEvent(server.store, {
      status: 'pending',
      createdBy: submitter.id,
      title: 'Vigil for Gaza',
    });
    const approve = await postJson(
      server,
      `/api/moderation/events/${event.id}/approve`,
      { verified: false },
      // The moderator's own page language does not matter: the recipient's does.
      { cookie: `${modCookie}; lang=de` },
    );
    expect(approve.status).toBe(200);
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);

    expect(received.subject).toBe(fill(arEmail.kinds.event_approved.subject, { title: 'Vigil for Gaza' }));
    expect(received.text).toContain(fill(arEmail.greeting, { name: 'Amal' }));
    expect(received.text).toContain(
      fill(arEmail.kinds.event_approved.intro, { title: 'Vigil for Gaza', site: SITE }),
    );
    expect(received.text).toContain(fill(arEmail.signature, { site: SITE }));
    // The marks that isolate people's text never reach the plain text or the subject.
    expect(`${received.subject}${received.text}`).not.toMatch(/[\uE000\uE001]/);
    expect(received.html).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl">/);
    expect(received.html).toContain('<div dir="rtl"');
    expect(received.html).toContain('<span dir="auto">Vigil for Gaza</span>');
    expect(received.html).toContain('<span dir="auto">Amal</span>');
    // The links open the site in Arabic; the unsubscribe link too (and its page, below).
    expect(received.text).toContain(`${server.url}/event/${event.id}?lang=ar`);
    expect(received.text).toContain(`${server.url}/account?lang=ar`);
    const unsubscribe = /<(http[^>]+)>/.exec(received.header('List-Unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribe).toMatch(/\/unsubscribe\?token=[\w-]{43}&lang=ar$/);

    // The unsubscribe page comes in Arabic, and its button keeps it so.
    const page = await fetch(unsubscribe);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain(arEmail.unsubscribePage.title);
    expect(html).toMatch(/action="\/unsubscribe\?token=[\w-]{43}&#38;lang=ar"/);
    const done = await fetch(unsubscribe, { method: 'POST' });
    expect(await done.text()).toContain(arEmail.unsubscribePage.doneTitle);
  });

  it('are decided when written: the row carries the language, whatever the account says later', async () => {
    const submitter = await createUser(server.store, { name: 'Inès', emailVerified: true, language: 'fr' });
    const event = await createEvent(server.store, {
      status: 'pending',
      createdBy: submitter.id,
      title: 'Ciné',
    });
    const res = await postJson(
      server,
      `/api/moderation/events/${event.id}/reject`,
      { reason: 'Déjà publié' },
      { cookie: modCookie },
    );
    expect(res.status).toBe(200);
    const row = (await outboxRows(server)).find((r) => r.to_address === submitter.email);
    expect(JSON.parse(row?.payload ?? '{}')).toMatchObject({ language: 'fr', title: 'Ciné' });
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe(fill(frEmail.kinds.event_rejected.subject, { title: 'Ciné' }));
    expect(received.text).toContain(frEmail.reasonLabel);
    expect(received.html).toMatch(/<html lang="fr" dir="ltr">/);
  });

  it('give a standard removal reason in the reader’s language, a moderator’s words as written', async () => {
    const submitter = await createUser(server.store, { name: 'Inès', emailVerified: true, language: 'fr' });
    const event = await createEvent(server.store, { createdBy: submitter.id, title: 'Marche' });
    const reporter = await createUser(server.store);
    await createReport(server.store, { eventId: event.id, reportedBy: reporter.id });
    // No reason given for a reported event: the standard one, stored in the spec's words.
    const res = await postJson(
      server,
      `/api/moderation/events/${event.id}/remove`,
      {},
      { cookie: modCookie },
    );
    expect(res.status).toBe(200);
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.text).toContain(`> ${frCommon.standardReasons.reports}`);
    expect(received.text).not.toContain(DEFAULT_REMOVAL_REASON);
  });

  it('name the date of a series a change was about as the reader writes dates, in the event’s zone', async () => {
    const submitter = await createUser(server.store, { name: 'Inès', emailVerified: true, language: 'fr' });
    // Fridays 7, 14 and 21 March 2031, 18:00 in London: the 14th.
    const second = await secondDateOfMarchFridays(server.store, submitter.id, 'Veillée');
    const proposed = await postJson(
      server,
      `/api/events/${second.id}/edit`,
      {
        ...validEventInput({ title: 'Veillée', date: '2031-03-14', time: '18:00', description: 'Bougies.' }),
        version: second.version,
      },
      { cookie: await sessionCookieFor(server.store, submitter) },
    );
    expect(proposed.status).toBe(200);
    const res = await postJson(
      server,
      `/api/moderation/events/${second.id}/reject-change`,
      { version: second.version + 1, reason: 'Pas de source' },
      { cookie: modCookie },
    );
    expect(res.status).toBe(200);
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe(fill(frEmail.kinds.change_rejected.subject, { title: 'Veillée' }));
    expect(received.text).toContain(
      fill(frEmail.kinds.change_rejected.intro_date, {
        title: 'Veillée',
        date: 'vendredi 14 mars 2031 à 18:00',
      }),
    );
    expect(received.text).toContain(`${frEmail.reasonLabel}\n> Pas de source`);
  });

  it('say in the reader’s language whether a moderator cancelled or postponed, with their note', async () => {
    const submitter = await createUser(server.store, { name: 'Jana', emailVerified: true, language: 'de' });
    const event = await createEvent(server.store, { createdBy: submitter.id, title: 'Mahnwache' });
    const res = await postJson(
      server,
      `/api/events/${event.id}/schedule`,
      { schedule: 'postponed', note: 'Neuer Termin folgt' },
      { cookie: modCookie },
    );
    expect(res.status).toBe(200);
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('Ihre Veranstaltung wurde verschoben: Mahnwache');
    expect(received.subject).toBe(
      fill(deEmail.kinds.event_called_off.subject_postponed, { title: 'Mahnwache' }),
    );
    expect(received.text).toContain(
      fill(deEmail.kinds.event_called_off.intro_postponed, { title: 'Mahnwache' }),
    );
    expect(received.text).toContain(`${deEmail.noteLabel}\n> Neuer Termin folgt`);
  });

  it('count the dates of an approved series by the reader’s plural rules', async () => {
    const submitter = await createUser(server.store, { name: 'Amal', emailVerified: true, language: 'ar' });
    const first = await createSeriesEvents(server.store, {
      status: 'pending',
      createdBy: submitter.id,
      title: 'Vigil',
    });
    const res = await postJson(
      server,
      `/api/moderation/events/${first.id}/approve`,
      { verified: false },
      { cookie: modCookie },
    );
    expect(res.status).toBe(200);
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    // Three is "few" in Arabic.
    expect(received.text).toContain(
      fill(arEmail.kinds.event_approved.intro_series_few, { title: 'Vigil', site: SITE, count: '3' }),
    );
  });

  it('come to each moderator in their own language, with the report reason in it', async () => {
    const french = await createModerator(server.store, { name: 'Lou', emailVerified: true });
    await server.store.db.updateTable('users').set({ language: 'fr' }).where('id', '=', french.id).execute();
    await setMailPreferences(server.store.db, french.id, { new_report: true });
    const reporter = await createUser(server.store, { emailVerified: true });
    const event = await createEvent(server.store, { status: 'approved', title: 'Rassemblement' });
    const res = await postJson(
      server,
      `/api/events/${event.id}/reports`,
      { reason: 'spam' },
      { cookie: await sessionCookieFor(server.store, reporter) },
    );
    expect(res.status).toBe(201);
    const received = await mail.smtp.waitFor((m) => m.to === french.email);
    expect(received.subject).toBe(fill(frEmail.kinds.new_report.subject, { title: 'Rassemblement' }));
    expect(received.text).toContain(frEmail.reportReasonLabel);
    expect(received.text).toContain(frCommon.reportReasons.spam);
  });

  it('about the account: in its language, else in the language of the page that asked', async () => {
    const urdu = await createPasswordAccount(server.store, { emailVerified: true, language: 'ur' });
    const asked = await server.fetch('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), cookie: 'lang=fr' },
      body: JSON.stringify({ email: urdu.email }),
    });
    expect(asked.status).toBe(202);
    const inUrdu = await mail.smtp.waitFor((m) => m.to === urdu.email);
    expect(inUrdu.subject).toBe(fill(urEmail.passwordReset.subject, { site: SITE }));
    expect(inUrdu.html).toMatch(/<html lang="ur" dir="rtl">/);
    // The link opens the page in Urdu; the token stays after `#`, out of every log.
    expect(inUrdu.text).toMatch(new RegExp(`${server.url}/reset-password\\?lang=ur#token=[\\w-]{43}`));

    const none = await createPasswordAccount(server.store, { emailVerified: true });
    await server.fetch('/api/auth/forgot-password', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': freshIp(),
        'accept-language': 'es-MX,es;q=0.9',
      },
      body: JSON.stringify({ email: none.email }),
    });
    const inSpanish = await mail.smtp.waitFor((m) => m.to === none.email);
    expect(inSpanish.subject).toBe(fill(esEmail.passwordReset.subject, { site: SITE }));

    // A sign-up's confirmation link comes in the language of the sign-up.
    const email = `de-${Date.now()}@example.org`;
    const signUp = await server.fetch('/api/auth/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), cookie: 'lang=de' },
      body: JSON.stringify({ name: 'Jana', email, password: 'olive-tree-1948' }),
    });
    expect(signUp.status).toBe(201);
    const inGerman = await mail.smtp.waitFor((m) => m.to === email);
    expect(inGerman.subject).toBe(fill(deEmail.emailVerification.subject, { site: SITE }));
  });

  it('leave English as it was for an account that never chose', async () => {
    const submitter = await createUser(server.store, { name: 'Sam', emailVerified: true });
    const event = await createEvent(server.store, {
      status: 'pending',
      createdBy: submitter.id,
      title: 'Teach-in',
    });
    await postJson(
      server,
      `/api/moderation/events/${event.id}/approve`,
      { verified: false },
      { cookie: modCookie },
    );
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('Your event is on the calendar: Teach-in');
    expect(received.html).toMatch(/<html lang="en" dir="ltr">/);
    expect(received.text).toContain(`${server.url}/event/${event.id}\n`);
    expect(received.header('List-Unsubscribe')).toMatch(/token=[\w-]{43}>$/);
  });
});
