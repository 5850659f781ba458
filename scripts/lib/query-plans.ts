/**
 * The query plans of `npm run bench`'s review: every query a run makes, compiled again, explained
 * on its engine and timed alone.
 */
import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Engine } from '../../src/server/db/database.ts';
import type { DB } from '../../src/server/db/schema.ts';

/** Keeps every query a Kysely instance runs, untouched, to compile and explain it afterwards. */
class QueryRecorder implements KyselyPlugin {
  readonly queries: { node: RootOperationNode; queryId: QueryId }[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

export interface ExplainedQuery {
  sql: string;
  /** The median of five runs in this process, in ms. */
  medianMs: number;
  plan: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Every query `run` makes, with its plan (SQLite: EXPLAIN QUERY PLAN as a tree; PostgreSQL:
 * EXPLAIN (ANALYZE, BUFFERS)) and the median time of five runs of it alone.
 */
export async function explainQueries(
  db: Kysely<DB>,
  engine: Engine,
  run: (db: Kysely<DB>) => Promise<unknown>,
): Promise<ExplainedQuery[]> {
  const recorder = new QueryRecorder();
  await run(db.withPlugin(recorder));
  const explained: ExplainedQuery[] = [];
  for (const { node, queryId } of recorder.queries) {
    const compiled = db.getExecutor().compileQuery(node, queryId);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await db.executeQuery(CompiledQuery.raw(compiled.sql, [...compiled.parameters]));
      times.push(performance.now() - started);
    }
    explained.push({
      sql: compiled.sql,
      medianMs: Math.round(median(times) * 100) / 100,
      plan: await planOf(db, engine, compiled),
    });
  }
  return explained;
}

async function planOf(db: Kysely<DB>, engine: Engine, compiled: CompiledQuery): Promise<string[]> {
  const parameters = [...compiled.parameters];
  if (engine === 'postgres') {
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, parameters),
    );
    return result.rows.map((r) => r['QUERY PLAN']);
  }
  const result = await db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, parameters),
  );
  const depth = new Map<number, number>([[0, -1]]);
  return result.rows.map((r) => {
    const level = (depth.get(r.parent) ?? -1) + 1;
    depth.set(r.id, level);
    return `${'  '.repeat(level)}${r.detail}`;
  });
}
