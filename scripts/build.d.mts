// Types for scripts/build.mjs, for the TypeScript that imports it (e2e/support/global-setup.ts).
export function newestSourceMtime(): number;
export function buildIsCurrent(): boolean;
export function buildAll(options?: { quiet?: boolean }): Promise<void>;
export function buildWeb(options?: {
  env?: NodeJS.ProcessEnv;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}): void;
/** esbuild's options for the server's entry points (server/i18n/translate.test.ts builds with them). */
export const SERVER_BUILD_OPTIONS: import('esbuild').BuildOptions;
