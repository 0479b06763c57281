import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database } from './schema';

/**
 * Tables whose rows no visitor ever sees: writing them changes no public answer (listing, event pages,
 * feeds). Every other table, present and future, counts as a change.
 */
const UNSEEN_TABLES: ReadonlySet<string> = new Set<keyof Database>([
  'sessions',
  'rate_limits',
  'app_secrets',
  'email_tokens',
  'mail_outbox',
  'mail_preferences',
  'mail_unsubscribe_tokens',
  'health_probe',
  // An upload is seen by no one but its uploader until an event (an events row) names it.
  'images',
  'image_variants',
]);

/** The table an insert, update or delete writes, or null for a read. `?` when it cannot tell. */
function writtenTable(node: RootOperationNode): string | null {
  const nameOf = (table: OperationNode | undefined): string => {
    if (!table) return '?';
    if (table.kind === 'AliasNode') return nameOf((table as unknown as { node: OperationNode }).node);
    if (table.kind === 'TableNode') {
      return (table as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
    }
    return '?';
  };
  switch (node.kind) {
    case 'InsertQueryNode':
      return nameOf(node.into);
    case 'UpdateQueryNode':
      return nameOf(node.table);
    case 'DeleteQueryNode':
      return nameOf(node.from.froms[0]);
    case 'RawNode':
      // Raw SQL that writes (a search index rebuild): counted, to be safe.
      return /^\s*(insert|update|delete)\b/i.test(node.sqlFragments.join('')) ? '?' : null;
    default:
      return null;
  }
}

/**
 * Counts the statements that changed rows others can see (`count`), so that the listing micro-cache is
 * emptied by a request that changed data and by no other (server/http/listingCache.ts): a sign-out
 * without a session, a refused write or a rate-limit count leaves it as it is.
 */
export class ChangeCounter implements KyselyPlugin {
  count = 0;
  private readonly pending = new WeakMap<object, true>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const table = writtenTable(node);
    if (table !== null && !UNSEEN_TABLES.has(table)) this.pending.set(queryId, true);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(queryId)) {
      this.pending.delete(queryId);
      const affected = result.numAffectedRows;
      if ((affected !== undefined && affected > 0n) || result.rows.length > 0) this.count++;
    }
    return result;
  }
}
