import type { TFunction } from 'i18next';
import { formatEventDateTime } from '../../common/dates';
import { DEFAULT_LANGUAGE, directionOf, inLanguage, localeOf } from '../../common/i18n/languages';
import { eventPageUrl } from '../../common/links';
import { reasonText } from '../../common/moderationEnums';
import { isNotificationKind, NOTIFICATIONS } from '../../common/schemas/account';
import type { Env } from '../env';
import { hasText, translatorFor } from '../i18n/translate';
import type { MailOutboxRow } from '../store/schema';
import { type Content, isolate, layoutHtml, layoutText, oneLine, plain } from './layout';
import { type MailKind, type MailPayload, mailKindSchema, mailPayloadSchema } from './payload';

/*
 * Each email as a message: plain text and simple HTML, no images, nothing loaded from anywhere, no
 * tracking; links to PUBLIC_URL only. The words come from web/locales/<lang>/email.json
 * (server/i18n/translate.ts), in the recipient's language, which the outbox row carries (notify.ts).
 */

/** Links made at sending time: the secret ones exist only in the message, never in the database. */
export interface MailLinks {
  /** Password-reset or verification link (account emails). */
  token?: string;
  /** One-click unsubscribe from this kind (notifications). */
  unsubscribe?: string;
}

export interface RenderedMail {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface ParsedMail {
  kind: MailKind;
  payload: MailPayload;
}

/** The row's kind and payload, checked: a row that does not parse can never be sent (a failure for good). */
export function parseMailRow(row: Pick<MailOutboxRow, 'kind' | 'payload'>): ParsedMail {
  return { kind: mailKindSchema.parse(row.kind), payload: mailPayloadSchema.parse(JSON.parse(row.payload)) };
}

function contentOf(kind: MailKind, p: MailPayload, links: MailLinks, env: Env, t: TFunction): Content {
  const site = env.SITE_TITLE;
  const base = env.PUBLIC_URL;
  const language = p.language ?? DEFAULT_LANGUAGE;
  if (kind === 'password_reset' || kind === 'email_verification') {
    const key = kind === 'password_reset' ? 'passwordReset' : 'emailVerification';
    return {
      subject: t(`${key}.subject`, { site }),
      paragraphs: [t(`${key}.intro`, { site })],
      action: { label: t(`${key}.action`), url: inLanguage(links.token ?? base, language) },
      after: [t(`${key}.expiry`), t(`${key}.ignore`, { site })],
    };
  }
  if (kind === 'daily_digest') {
    return {
      subject: t('kinds.daily_digest.subject', { site }),
      paragraphs: [t('kinds.daily_digest.intro', { site })],
      list: [
        ...(p.pending ? [t('kinds.daily_digest.pending', { count: p.pending })] : []),
        ...(p.reported ? [t('kinds.daily_digest.reported', { count: p.reported })] : []),
      ],
      action: { label: t('kinds.daily_digest.action'), url: inLanguage(`${base}/moderation`, language) },
      after: [],
    };
  }
  // An event notification: the submitter's lead to the event, the moderators' to their dashboard
  // (a report to its Reported tab). The title is the submitter's text, in whatever direction it is
  // written (layout.ts isolates it).
  const title = isolate(oneLine(p.title ?? ''));
  const forSubmitter = NOTIFICATIONS[kind].audience === 'submitter';
  const outroKey = `kinds.${kind}.outro`;
  // What the payload adds, when it has it (rows written before it read as they always did): the
  // schedule a moderator gave (`subject_cancelled`), the date of a series a change was about
  // (`intro_date`), how many dates a series' approval covers (`intro_series_one`, `_other`…).
  // A schedule and a date together (one date of a series called off) read `intro_cancelled_date`.
  const dated = p.startsAt !== undefined && p.timezone !== undefined;
  const context = [p.schedule, dated ? 'date' : undefined, p.dates ? 'series' : undefined]
    .filter((part) => part !== undefined)
    .join('_');
  const values = {
    title,
    site,
    ...(context ? { context } : {}),
    ...(dated && p.startsAt !== undefined && p.timezone
      ? { date: formatEventDateTime(new Date(p.startsAt), p.timezone, localeOf(language)) }
      : {}),
    ...(p.dates ? { count: p.dates } : {}),
  };
  return {
    // The subject says the schedule alone (`subject_cancelled`).
    subject: t(`kinds.${kind}.subject`, { ...values, ...(p.schedule ? { context: p.schedule } : {}) }),
    paragraphs: [t(`kinds.${kind}.intro`, values)],
    ...(p.reason
      ? {
          quote: {
            // A schedule's note is written for attendees, not a reason given to the submitter.
            label: t(kind === 'event_called_off' ? 'noteLabel' : 'reasonLabel'),
            text: reasonText(p.reason, t),
          },
        }
      : {}),
    ...(p.reportReason
      ? { quote: { label: t('reportReasonLabel'), text: t(`common:reportReasons.${p.reportReason}`) } }
      : {}),
    action: {
      label: t(`kinds.${kind}.action`),
      url: inLanguage(
        forSubmitter && p.eventId
          ? eventPageUrl(base, p.eventId)
          : `${base}/moderation${kind === 'new_report' ? '?tab=reported' : ''}`,
        language,
      ),
    },
    after: hasText(language, outroKey, 'email')
      ? [t(outroKey, { url: inLanguage(`${base}/log`, language) })]
      : [],
  };
}

/** The message for one outbox row, ready for nodemailer. */
export function renderMail(
  row: Pick<MailOutboxRow, 'kind' | 'payload' | 'message_id' | 'to_address'>,
  links: MailLinks,
  env: Env,
): RenderedMail {
  const { kind, payload } = parseMailRow(row);
  const language = payload.language ?? DEFAULT_LANGUAGE;
  const t = translatorFor(language, 'email');
  const content = contentOf(kind, payload, links, env, t);
  const notification = isNotificationKind(kind);
  const footer = {
    why: t(notification ? 'footer.notification' : 'footer.account', { site: env.SITE_TITLE }),
    unsubscribe: notification && links.unsubscribe ? inLanguage(links.unsubscribe, language) : null,
    preferences: notification ? inLanguage(`${env.PUBLIC_URL}/account`, language) : null,
  };
  const frame = {
    site: { title: env.SITE_TITLE, url: env.PUBLIC_URL },
    language: { code: language, dir: directionOf(language) },
    greeting: t('greeting', { name: isolate(oneLine(payload.name)) }),
    buttonFallback: t('buttonFallback'),
    signature: t('signature', { site: env.SITE_TITLE }),
    footer,
    labels: {
      unsubscribe: t('footer.unsubscribe', { url: footer.unsubscribe }),
      unsubscribeLink: t('footer.unsubscribeLink'),
      preferences: t('footer.preferences', { url: footer.preferences }),
      preferencesLink: t('footer.preferencesLink'),
    },
  };
  const headers: Record<string, string> = {
    // RFC 3834: no out-of-office replies to a robot.
    'Auto-Submitted': 'auto-generated',
    'X-Auto-Response-Suppress': 'All',
  };
  if (footer.unsubscribe) {
    // RFC 2369 and RFC 8058: mail programs offer "unsubscribe" and POST to the link, no page visit.
    headers['List-Unsubscribe'] = `<${footer.unsubscribe}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const subject = plain(oneLine(content.subject));
  return {
    from: /<[^>]+>\s*$/.test(env.MAIL_FROM)
      ? env.MAIL_FROM
      : { name: env.SITE_TITLE, address: env.MAIL_FROM },
    to: row.to_address,
    subject,
    text: layoutText(content, frame),
    html: layoutHtml(subject, content, frame),
    messageId: row.message_id,
    headers,
  };
}
