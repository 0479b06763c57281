import { z } from 'zod';

/**
 * What the viewer may do, as the server's policies decide it (server/policies/permissions.ts), so the
 * web app shows exactly the actions the server will accept and never works role rules out itself:
 * `true` (yes), `false` (not for this person), or what they must do first: `'sign_in'`, or
 * `'confirm_email'` (docs/EMAIL.md).
 */
export const PERMISSION_NEEDS = ['sign_in', 'confirm_email'] as const;
export const permissionSchema = z.union([z.boolean(), z.enum(PERMISSION_NEEDS)]);
export type Permission = z.infer<typeof permissionSchema>;

/** What the viewer may do with one event. */
export const eventPermissionsSchema = z.object({
  /** Report it (docs/PRODUCT.md#reports): published events only, never one's own pending one. */
  report: permissionSchema,
  /** Act on it as a moderator (approve, reject, remove, dismiss reports, as its state allows). */
  moderate: z.boolean(),
  /**
   * Edit it with the submit form (its submitter or a moderator; not once removed or withdrawn): in
   * place, a resubmission, or a proposed change (docs/PRODUCT.md#my-events).
   */
  edit: z.boolean(),
  /** Withdraw it: its submitter or a moderator, while it waits for review. */
  withdraw: z.boolean(),
  /** Mark it cancelled or postponed, or going ahead again: its submitter or a moderator, once published. */
  schedule: z.boolean(),
});
export type EventPermissions = z.infer<typeof eventPermissionsSchema>;

/** What the viewer may do in the app as a whole. */
export const appPermissionsSchema = z.object({
  /** Submit an event. */
  submit: permissionSchema,
  /** Use the moderation dashboard. */
  moderate: z.boolean(),
});
export type AppPermissions = z.infer<typeof appPermissionsSchema>;
