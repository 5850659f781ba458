import type { Deps } from '../../deps.ts';
import { allPublishedResults, changeJudgingRecord } from '../results/results.service.ts';
import { DEMO_RESULTS_COMPETITION } from './demo-results.ts';
import { hasMarker, insertMarker } from './demo.repository.ts';
import { DEMO_MARKER } from './seed-demo.ts';

/*
 * The demo's judging record: the published demo competition (its jury round is closed) publishes
 * its record, so a newcomer sees the record page, its SHA-256 on the results page and on each
 * certificate. Once, with its own marker, so demo content seeded by an earlier release gains it
 * too, and a record the admin withdraws stays withdrawn.
 */

const RECORD_MARKER = 'demo_record_seeded_at';

/** Publishes the demo competition's judging record once; answers whether it did. */
export async function seedDemoRecord(
  deps: Pick<Deps, 'db' | 'log' | 'clock' | 'contentCache'>,
): Promise<boolean> {
  const { db } = deps;
  if (await hasMarker(db, RECORD_MARKER)) return false;
  if (!(await hasMarker(db, DEMO_MARKER))) return false;
  const published = (await allPublishedResults(db)).find(
    (r) => r.title === DEMO_RESULTS_COMPETITION,
  );
  if (!published) return false;
  const actor = { adminUserId: null, username: 'demo' };
  await changeJudgingRecord(deps, published.competitionId, true, actor);
  await insertMarker(db, RECORD_MARKER, deps.clock.now().toISOString());
  return true;
}
