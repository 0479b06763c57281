import type { AdminCommand } from '../command';
import { backupCommand, restoreCommand } from './backup';
import { generateEventsCommand } from './generate-events';
import { listCommand } from './list';
import { mailStatusCommand, resetLinkCommand } from './mail';
import { demoteCommand, promoteCommand } from './roles';

/** Every admin command, in the order `npm run admin -- help` lists them. One line per command. */
export const COMMANDS: AdminCommand[] = [
  promoteCommand,
  demoteCommand,
  listCommand,
  generateEventsCommand,
  backupCommand,
  restoreCommand,
  resetLinkCommand,
  mailStatusCommand,
];
