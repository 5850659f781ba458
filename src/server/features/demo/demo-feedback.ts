import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, createAccount } from '../auth/auth.service.ts';
import {
  closeRound,
  createRound,
  findRoundEntries,
  getJudging,
  openRound,
  saveJudging,
  saveScores,
} from '../jury/jury.service.ts';
import { findAccountByName } from './demo.repository.ts';

/*
 * The published demo's judging: two jurors scored every work in one closed round and wrote each
 * artist a line of feedback, which Publish releases, so the demo artist reads it on their entry
 * page. Everything goes through the jury's own services, as an admin's and the jurors' requests
 * would. The jurors' passwords are random and never kept: nobody signs in as them.
 */

const JURORS = [
  { username: 'citylights1', displayName: 'City Lights Juror One' },
  { username: 'citylights2', displayName: 'City Lights Juror Two' },
] as const;

/** What each juror wrote, by the work's title: one line of feedback per juror. */
const FEEDBACK: Record<string, readonly [string, string]> = {
  'Crossing, Eleven at Night': [
    'The wet road carries the light beautifully; the figures on the left could be quieter.',
    'A confident night palette. Try a tighter crop next time: the crossing itself is the story.',
  ],
};
const GENERAL = [
  'A strong sense of place. The darkest values could be deeper to make the lights sing.',
  'Lively drawing. The composition would gain from one clear focal point.',
] as const;

type FeedbackDeps = Pick<Deps, 'db' | 'clock' | 'log'>;

/** Scores the competition's approved works in one closed round, with feedback for each artist. */
export async function seedDemoFeedback(
  deps: FeedbackDeps,
  competitionId: string,
  actor: Actor,
): Promise<void> {
  const jurors = await ensureJurors(deps.db, actor, deps.clock.now());
  await saveJudging(
    deps,
    competitionId,
    {
      criteria: [
        {
          name: 'Overall',
          description: 'The work as a whole: idea, composition and technique.',
          weight: 1,
          scaleMin: 1,
          scaleMax: 10,
          required: true,
        },
      ],
      panel: jurors.map((j) => j.adminUserId),
      jurorsPerEntry: 2,
      publishJury: false,
    },
    actor,
  );
  const round = await createRound(deps, competitionId, {}, actor);
  await openRound(deps, competitionId, round.id, actor);
  const works = await findRoundEntries(deps.db, round.id);
  const [criterion] = (await getJudging(deps.db, competitionId)).criteria;
  for (const [j, juror] of jurors.entries()) {
    for (const [w, work] of works.entries()) {
      const title = titleOf(work.work_values);
      await saveScores(deps, juror, round.id, work.alias, {
        scores: { [criterion!.id]: 10 - ((w + j) % 5) },
        comment: '',
        feedback: (FEEDBACK[title] ?? GENERAL)[j]!,
      });
    }
  }
  await closeRound(deps, competitionId, round.id, actor);
}

function titleOf(values: unknown): string {
  const parsed = typeof values === 'string' ? (JSON.parse(values) as unknown) : values;
  const found = Object.values((parsed ?? {}) as Record<string, unknown>).find(
    (value) => typeof value === 'string' && value in FEEDBACK,
  );
  return typeof found === 'string' ? found : '';
}

async function ensureJurors(db: Kysely<DB>, actor: Actor, now: Date) {
  const jurors: { adminUserId: string; username: string }[] = [];
  for (const { username, displayName } of JURORS) {
    const existing = await findAccountByName(db, username);
    if (existing?.role === 'juror') {
      jurors.push({ adminUserId: existing.id, username });
      continue;
    }
    const password = randomBytes(24).toString('base64url');
    const juror = { displayName, email: `${username}@demo.invalid` };
    const created = await createAccount(db, { username, password, juror }, actor, now);
    jurors.push({ adminUserId: created.id, username });
  }
  return jurors;
}
