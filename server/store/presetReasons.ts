import type { Kysely } from 'kysely';
import type { PresetReasonKind } from '../../common/moderationEnums';
import { newId } from './ids';
import type { Database, PresetReasonsTable } from './schema';

export type PresetReasonRow = PresetReasonsTable;

/** Every preset reason, by kind, oldest first: the order moderators added them. */
export function listPresetReasons(db: Kysely<Database>): Promise<PresetReasonRow[]> {
  return db
    .selectFrom('preset_reasons')
    .selectAll()
    .orderBy('kind')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPresetReasons(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('preset_reasons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPresetReason(
  db: Kysely<Database>,
  input: { kind: PresetReasonKind; text: string; createdBy: string; now: number },
): Promise<PresetReasonRow> {
  const row: PresetReasonRow = {
    id: newId(),
    kind: input.kind,
    text: input.text,
    created_by: input.createdBy,
    created_at: input.now,
    updated_at: input.now,
  };
  await db.insertInto('preset_reasons').values(row).execute();
  return row;
}

/** The preset as it now is, or undefined when there is no such preset. */
export async function updatePresetReason(
  db: Kysely<Database>,
  id: string,
  input: { kind: PresetReasonKind; text: string; now: number },
): Promise<PresetReasonRow | undefined> {
  await db
    .updateTable('preset_reasons')
    .set({ kind: input.kind, text: input.text, updated_at: input.now })
    .where('id', '=', id)
    .execute();
  return db.selectFrom('preset_reasons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether there was such a preset to delete. */
export async function deletePresetReason(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('preset_reasons').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
