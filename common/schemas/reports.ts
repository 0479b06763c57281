import { z } from 'zod';
import { msg } from '../i18n/messages';
import { REPORT_REASONS } from '../moderationEnums';

export const reportReasonSchema = z.enum(REPORT_REASONS);

/** What a signed-in person sends to report an event (docs/PRODUCT.md#reports). */
export const reportInputSchema = z.object({
  // Not the codes themselves: people and translators read this (the dialog names the reasons).
  reason: z.enum(REPORT_REASONS, { error: msg('report.reasonRequired') }),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/**
 * The answer to the reporter: their own open report on that event. It never names anyone; who reported
 * what is for moderators only.
 */
export const reportReceiptSchema = z.object({
  eventId: z.string(),
  reason: reportReasonSchema,
  createdAt: z.string(),
});
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;
