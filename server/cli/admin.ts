// `npm run admin -- <command>`: operator commands run on the server's machine against DATABASE_URL
// (promote, demote, list, …). The commands live in server/cli/commands/.
import { runAdmin } from './run';

process.exitCode = await runAdmin(process.argv.slice(2));
