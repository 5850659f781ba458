import { expect } from 'vitest';
import type { JurorRound, RoundSummary, Work } from '../../src/shared/schemas/jury.ts';
import { asAdmin } from './admin-session.ts';
import { addJuror, approvedEntry, artistNumbered, asJuror, setUpJudging } from './jury.ts';
import { addCompetition } from './registration.ts';
import type { TestApp } from './test-app.ts';

/*
 * A competition judged in two closed rounds for the judging record's tests: five studies scored
 * by three jurors (two a work), then a ranking round of four with one partial ballot. Study 3's
 * artist chose not to be shown. Awards go to studies 5 and 4; entries are closed.
 */

export interface JudgedCompetition {
  competitionId: string;
  jurors: { id: string; name: string; username: string }[];
  entries: Map<number, string>;
  /** Every juror's alias of each study, in both rounds: none may reach the record. */
  aliases: string[];
}

/** The juror's works in a round as study number → alias. */
async function worksOf(t: TestApp, token: string, roundId: string) {
  const rounds = (await asJuror(t, token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
  let alias = rounds.find((r) => r.id === roundId)?.firstAlias ?? null;
  const byStudy = new Map<number, string>();
  while (alias) {
    const url = `/api/jury/rounds/${roundId}/works/${alias}`;
    const work = (await asJuror(t, token, 'GET', url)).json<Work>();
    const study = work.answers.map((a) => /^Study (\d)$/.exec(a.value)).find(Boolean);
    byStudy.set(Number(study![1]), work.alias);
    alias = work.nextAlias;
  }
  return byStudy;
}

export async function judgedCompetition(
  t: TestApp,
  admin: string,
  prefix: string,
): Promise<JudgedCompetition> {
  const competitionId = (await addCompetition(t)).competition.id;
  const entries = new Map<number, string>();
  for (const n of [1, 2, 3, 4, 5]) {
    entries.set(n, await approvedEntry(t, admin, competitionId, artistNumbered(n), `Study ${n}`));
  }
  await t.app.deps.db
    .updateTable('submissions')
    .set({ publication_consent: 'none' })
    .where('id', '=', entries.get(3)!)
    .execute();
  const jurors: (JudgedCompetition['jurors'][number] & { token: string })[] = [];
  for (const [username, name] of [
    [`${prefix}.ann`, 'Annapurna Rao-Whitfield'],
    [`${prefix}.ben`, 'Benedikt Oduya'],
    [`${prefix}.cho`, 'Chiyo Parkinson'],
  ] as const) {
    jurors.push({ ...(await addJuror(t, username, name)), username });
  }
  const criterion = await setUpJudging(
    t,
    admin,
    competitionId,
    jurors.map((j) => j.id),
    2,
  );
  const rounds = `/api/admin/competitions/${competitionId}/rounds`;
  const aliases: string[] = [];
  const runRound = async (
    body: unknown,
    judge: (juror: number, byStudy: Map<number, string>, roundId: string) => Promise<void>,
  ) => {
    const created = await asAdmin(t, admin, 'POST', rounds, body);
    expect(created.statusCode, created.body).toBe(201);
    const roundId = created.json<RoundSummary>().id;
    expect((await asAdmin(t, admin, 'POST', `${rounds}/${roundId}/open`)).statusCode).toBe(200);
    for (const [i, juror] of jurors.entries()) {
      const byStudy = await worksOf(t, juror.token, roundId);
      aliases.push(...byStudy.values());
      await judge(i, byStudy, roundId);
    }
    const closed = await asAdmin(t, admin, 'POST', `${rounds}/${roundId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
  };
  await runRound({}, async (i, byStudy, roundId) => {
    for (const [study, alias] of byStudy) {
      const url = `/api/jury/rounds/${roundId}/works/${alias}/scores`;
      // A strict juror (the first) and two more generous ones, so normalisation matters.
      const score = Math.min(10, study + i * 2);
      const saved = await asJuror(t, jurors[i]!.token, 'PUT', url, {
        scores: { [criterion]: score },
        comment: `Private: ${jurors[i]!.name} liked it`,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  const ballots = [
    [5, 4, 3, 2],
    [4, 5, 2, 3],
    [3, 5, 4],
  ];
  await runRound(
    { kind: 'ranking', shortlist: { entries: [2, 3, 4, 5].map((n) => entries.get(n)) } },
    async (i, byStudy, roundId) => {
      const ranking = ballots[i]!.map((s) => byStudy.get(s));
      const saved = await asJuror(
        t,
        jurors[i]!.token,
        'PUT',
        `/api/jury/rounds/${roundId}/ballot`,
        {
          ranking,
        },
      );
      expect(saved.statusCode, saved.body).toBe(200);
    },
  );
  const base = `/api/admin/competitions/${competitionId}`;
  const awarded = await asAdmin(t, admin, 'PUT', `${base}/awards`, {
    awards: [
      { submissionId: entries.get(5), title: 'First', prize: 'A solo show' },
      { submissionId: entries.get(4), title: 'Second', prize: '' },
    ],
  });
  expect(awarded.statusCode, awarded.body).toBe(200);
  expect((await asAdmin(t, admin, 'POST', `${base}/close-entries`)).statusCode).toBe(200);
  return {
    competitionId,
    jurors: jurors.map(({ id, name, username }) => ({ id, name, username })),
    entries,
    aliases,
  };
}
