// `npm start`: build whatever is missing or out of date, then serve (the server migrates on boot).
import { buildAll, buildIsCurrent } from './build.mjs';

if (!buildIsCurrent()) await buildAll();
await import('../dist/server/main.js');
