/**
 * `use-sync-external-store/shim`, which wouter imports (and react-i18next, whose `<Trans>` the app
 * still uses), back-fills the hook for React 17 and older (0.4 KB of the first load). React 19 has it:
 * vite.config.ts points the shim here.
 */
export { useSyncExternalStore } from 'react';
