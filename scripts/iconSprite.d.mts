// Types for scripts/iconSprite.mjs, for vite.config.ts.
export function buildIconSprite(
  webRoot: string,
): Promise<{ fileName: string; svg: string; code: string; modules: Map<string, string> }>;
export function iconSprite(): import('vite').Plugin;
