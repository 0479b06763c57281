// `npm run demo`: build if needed, then serve the app on a throwaway database with sample events.
import { buildAll, buildIsCurrent } from './build.mjs';

if (!buildIsCurrent()) await buildAll();
await import('../dist/server/demo.js');
