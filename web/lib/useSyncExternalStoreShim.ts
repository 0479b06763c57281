/**
 * `use-sync-external-store/shim`, which wouter and react-i18next import, back-fills the hook for
 * React 17 and older (0.4 KB of the first load). React 19 has it: vite.config.ts points the shim here.
 */
export { useSyncExternalStore } from 'react';
