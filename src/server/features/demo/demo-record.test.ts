import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { publicApiPaths } from '../../../shared/api-paths.ts';
import type { JudgingRecord } from '../../../shared/schemas/judging-record.ts';
import type { LatestResults, PublicResults } from '../../../shared/schemas/publication.ts';
import { DEMO_RESULTS_COMPETITION } from './demo-results.ts';

/*
 * The demo's judging record: the published demo competition shows its record's SHA-256 on its
 * results page, and the record names its works (not the one whose artist chose not to be shown)
 * and no juror.
 */

const t = useTestApp({ config: { seedDemo: true } });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`the demo's judging record (${TEST_ENGINE})`, () => {
  it('is published for the demo competition, its works by title and its jurors by letter', async () => {
    const latest = (await get(publicApiPaths.results)).json<LatestResults>();
    const id = latest.find((r) => r.title === DEMO_RESULTS_COMPETITION)?.competitionId ?? '';
    const results = (await get(publicApiPaths.competitionResults(id))).json<PublicResults>();
    const file = await get(publicApiPaths.judgingRecordJson(id));
    expect(file.statusCode).toBe(200);
    expect(results.record?.sha256).toBe(createHash('sha256').update(file.rawPayload).digest('hex'));
    const record = JSON.parse(file.body) as JudgingRecord;
    expect(record.jurors).toEqual(['Juror A', 'Juror B']);
    expect(record.rounds.map((r) => r.kind)).toEqual(['scores']);
    expect(record.works.map((w) => w.title)).toContain('Crossing, Eleven at Night');
    expect(record.works.filter((w) => w.title === null)).toHaveLength(1);
    expect(file.body).not.toMatch(/citylights|City Lights Juror|Window Light, Bandra|Pooja/);
  });
});
