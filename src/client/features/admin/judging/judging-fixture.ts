import type {
  Judging,
  Juror,
  RoundDetail,
  RoundSummary,
  Standing,
} from '../../../../shared/schemas/jury.ts';
import type { PublicationPreview } from '../../../../shared/schemas/publication.ts';
import { adminCompetitionOf } from '../competitions/competition-fixture.ts';
import { type Answer, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

/*
 * Jurors, a set-up, rounds and a round's results as the admin API answers them, for the judging
 * screens' tests (never imported by the app). Tests override what they look at.
 */

export function jurorOf(overrides: Partial<Juror> = {}): Juror {
  return {
    id: 'j1',
    username: 'asha.rao',
    name: 'Asha Rao',
    email: 'asha@example.com',
    twoFactor: false,
    invitation: 'pending',
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export const JURORS: Juror[] = [
  jurorOf(),
  jurorOf({
    id: 'j2',
    username: 'vikram',
    name: 'Vikram Sen',
    email: 'vikram@example.com',
    twoFactor: true,
    invitation: 'accepted',
  }),
  jurorOf({
    id: 'j3',
    username: 'lena',
    name: 'Lena Park',
    email: 'lena@example.com',
    invitation: 'expired',
  }),
];

export function judgingOf(overrides: Partial<Judging> = {}): Judging {
  return {
    criteria: [
      {
        id: 'k1',
        name: 'Composition',
        description: 'How the parts hold together.',
        weight: 2,
        scaleMin: 1,
        scaleMax: 10,
        required: true,
      },
      {
        id: 'k2',
        name: 'Technique',
        description: '',
        weight: 1,
        scaleMin: 1,
        scaleMax: 10,
        required: false,
      },
    ],
    panel: [{ id: 'j1', name: 'Asha Rao', username: 'asha.rao' }],
    jurorsPerEntry: 2,
    publishJury: false,
    conflicts: [],
    ...overrides,
  };
}

export function roundOf(overrides: Partial<RoundSummary> = {}): RoundSummary {
  return {
    id: 'r1',
    number: 1,
    status: 'draft',
    kind: 'score',
    jurorsPerEntry: 2,
    entries: 3,
    short: 0,
    openedAt: null,
    closedAt: null,
    endsAt: null,
    ...overrides,
  };
}

export function standingOf(overrides: Partial<Standing> = {}): Standing {
  return {
    submissionId: 's1',
    // A single-work entry's work, as migrated entries keep: the entry's own id.
    workId: overrides.submissionId ?? 's1',
    reference: 'WS-2026-000001',
    alias: 'A-01',
    title: 'Rain on the Hooghly',
    weightedMean: 7.5,
    normalisedMean: 0.4,
    count: 2,
    spread: 1,
    outlier: false,
    jurorsMissing: 0,
    ...overrides,
  };
}

export const NORMALISATION_NOTE = 'Normalised: each juror’s scores are centred on their own mean.';
export const OUTLIER_NOTE = 'An outlier is a score far from the other jurors’ on the same work.';

export function roundDetailOf(overrides: Partial<RoundDetail> = {}): RoundDetail {
  return {
    round: roundOf({ status: 'open', openedAt: '2026-12-01T09:00:00.000Z' }),
    progress: [
      {
        jurorId: 'j1',
        name: 'Asha Rao',
        done: 3,
        assigned: 4,
        lastActiveAt: '2026-12-02T10:00:00.000Z',
        conflicts: 1,
      },
      { jurorId: 'j2', name: 'Vikram Sen', done: 0, assigned: 4, lastActiveAt: null, conflicts: 0 },
    ],
    standings: [
      standingOf(),
      standingOf({
        submissionId: 's2',
        reference: 'WS-2026-000010',
        alias: 'B-02',
        title: 'Clay Birds',
        weightedMean: 8.25,
        normalisedMean: 1.234,
        spread: 3.5,
        outlier: true,
      }),
      standingOf({
        submissionId: 's3',
        reference: 'WS-2026-000002',
        alias: 'C-03',
        title: 'Autumn Ink',
        weightedMean: null,
        normalisedMean: null,
        count: 0,
        spread: null,
        jurorsMissing: 1,
      }),
    ],
    declaredConflicts: [
      {
        alias: 'A-01',
        reference: 'WS-2026-000001',
        jurorName: 'Asha Rao',
        reason: 'I taught this artist.',
        at: '2026-12-02T09:30:00.000Z',
      },
    ],
    normalisationNote: NORMALISATION_NOTE,
    outlierNote: OUTLIER_NOTE,
    ...overrides,
  };
}

export function publicationPreviewOf(
  overrides: Partial<PublicationPreview> = {},
): PublicationPreview {
  return {
    published: false,
    publishedAt: null,
    awards: 3,
    shortlisted: 9,
    participants: 230,
    emails: 230,
    awaitingReview: 0,
    feedbackWorks: 0,
    feedbackReleased: false,
    ...overrides,
  };
}

/**
 * What the judging screen of c1 asks for beyond its set-up, rounds and jurors: no awards yet,
 * results not published and no answer naming its artist. Every test of the screen answers these,
 * so none shows a failed fetch.
 */
export function judgingScreenAnswers(): Record<string, Answer> {
  return {
    'GET /api/admin/competitions/c1/judging/identity-check': {
      status: 200,
      body: { roundOpened: false, entries: [] },
    },
    'GET /api/admin/competitions/c1/awards': { status: 200, body: [] },
    'GET /api/admin/competitions/c1/feedback': { status: 200, body: { items: [] } },
    'GET /api/admin/competitions/c1/results': { status: 200, body: publicationPreviewOf() },
  };
}

/** The signed-in admin's judging screen of c1, with its jurors and set-up, every section empty. */
export function signedInJudgingScreen(): Record<string, Answer> {
  return {
    ...judgingScreenAnswers(),
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': { status: 200, body: [adminCompetitionOf()] },
    'GET /api/admin/jurors': { status: 200, body: JURORS },
    'GET /api/admin/competitions/c1/judging': { status: 200, body: judgingOf() },
  };
}

/** The judging screen of c1 whose results answer `preview` until a route changes it. */
export function stubResults(
  preview: PublicationPreview,
  routes: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)> = {},
) {
  let current = preview;
  const calls = stubApi({
    ...signedInJudgingScreen(),
    'GET /api/admin/competitions/c1/rounds': { status: 200, body: [roundOf({ status: 'closed' })] },
    'GET /api/admin/competitions/c1/results': () => ({ status: 200, body: current }),
    ...routes,
  });
  renderAdmin('/admin/judging/c1');
  return {
    calls,
    /** What the server answers from now on. */
    set: (next: PublicationPreview) => {
      current = next;
    },
  };
}
