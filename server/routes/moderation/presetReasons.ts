import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import { isId } from '../../../common/ids';
import { LIMITS } from '../../../common/limits';
import {
  type PresetReason,
  type PresetReasonList,
  presetReasonInputSchema,
} from '../../../common/schemas/presetReasons';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../errors';
import { authorizeModeration } from '../../policies/moderation';
import { presentPresetReason } from '../../presenters/moderation';
import {
  countPresetReasons,
  deletePresetReason,
  insertPresetReason,
  listPresetReasons,
  updatePresetReason,
} from '../../store/presetReasons';
import { parseInput } from '../../validate';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

const PRESET_NOT_FOUND = msg('moderation.presetNotFound');

/**
 * The moderators' preset reasons (docs/PRODUCT.md#moderation): listed, added, edited and deleted by any
 * moderator, shared by all. Moderators only, the role checked first as on every moderation route. A
 * setting, not an action on an event: no log or audit entry (the audit trail is per event).
 */
export function registerPresetReasonRoutes(app: FastifyInstance, { store }: AppContext): void {
  const db = store.db;

  app.get('/api/moderation/reasons', async (request): Promise<PresetReasonList> => {
    authorizeModeration(request.actor, 'list');
    return { items: (await listPresetReasons(db)).map(presentPresetReason) };
  });

  app.post('/api/moderation/reasons', async (request, reply): Promise<PresetReason> => {
    const actor = authorizeModeration(request.actor, 'editPresets');
    const input = parseInput(presetReasonInputSchema, request.body);
    if ((await countPresetReasons(db)) >= LIMITS.presetReasonsMax) {
      throw conflict('too_many_presets', msg('moderation.tooManyPresets', { max: LIMITS.presetReasonsMax }));
    }
    const row = await insertPresetReason(db, { ...input, createdBy: actor.id, now: Date.now() });
    reply.code(201);
    return presentPresetReason(row);
  });

  const presetIdOf = (request: IdRequest): string => {
    if (!isId(request.params.id)) throw notFound(PRESET_NOT_FOUND);
    return request.params.id;
  };

  app.post('/api/moderation/reasons/:id', async (request: IdRequest): Promise<PresetReason> => {
    authorizeModeration(request.actor, 'editPresets');
    const input = parseInput(presetReasonInputSchema, request.body);
    const row = await updatePresetReason(db, presetIdOf(request), { ...input, now: Date.now() });
    if (!row) throw notFound(PRESET_NOT_FOUND);
    return presentPresetReason(row);
  });

  app.post('/api/moderation/reasons/:id/delete', async (request: IdRequest): Promise<{ deleted: true }> => {
    authorizeModeration(request.actor, 'editPresets');
    if (!(await deletePresetReason(db, presetIdOf(request)))) throw notFound(PRESET_NOT_FOUND);
    return { deleted: true };
  });
}
