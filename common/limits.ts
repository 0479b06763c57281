/** Limits shared by the form, the server and the tests. Changing one changes all three. */
export const LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  cityMax: 100,
  countryMax: 100,
  organizerMax: 200,
  sourceLinkMax: 2000,
  venueMax: 200,
  addressMax: 300,
  joinUrlMax: 2000,
  accessibilityMax: 2000,
  scheduleNoteMax: 1000,
  /** "Everyone from N hours before the start": N from 1 to a week. */
  placeHoursMin: 1,
  placeHoursMax: 168,
  /** The longest an event may last, in days (the listing looks back this far for running events). */
  eventMaxDays: 31,
  searchMax: 200,
  locationMax: 100,
  nameMax: 100,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 256,
  reasonMax: 1000,
  /** Preset reasons moderators keep, all kinds together. */
  presetReasonsMax: 100,
  pageSizeDefault: 12,
  pageSizeMax: 100,
  /** Events on the embed page (`/embed?limit=`): its default and most. */
  embedDefault: 10,
  embedMax: 50,
  /** Placeholders while a list loads (docs/PRODUCT.md#limits). */
  homePlaceholders: 6,
  moderationSkeletons: 4,
  logSkeletons: 3,
} as const;

/** The embed sizes the subscribe page offers (each within LIMITS.embedMax). */
export const EMBED_LIMIT_CHOICES = [5, 10, 20, LIMITS.embedMax] as const;
