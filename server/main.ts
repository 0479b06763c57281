import { parseEnv } from './env';
import { serve } from './serve';

serve(parseEnv()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
