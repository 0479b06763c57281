import { parseEnv } from './env';
import { serve } from './serve';

// Whatever stops the start (a bad setting, an unusable database, a port in use) is said in the error's
// own words, without a stack trace, and the process ends with 1.
Promise.resolve()
  .then(() => serve(parseEnv()))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
