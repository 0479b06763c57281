import { z } from 'zod';

/** The About page (docs/PRODUCT.md#about): its HTML, rendered safely from the operator's Markdown. */
export const aboutPageSchema = z.object({
  html: z.string(),
  /** False while the operator has not written their own (the default text says what to write). */
  custom: z.boolean(),
});
export type AboutPage = z.infer<typeof aboutPageSchema>;
