import type { VoteCluster } from '../../../shared/schemas/votes.ts';

/*
 * Votes that look organised, for the admin to look at (never voided by themselves): many from
 * one client address; many from one e-mail domain nearly all for one work (a big provider's
 * voters spread over the works, an organisation's staff sent to vote do not); and a burst, many
 * votes for one work within one minute.
 */

export const ADDRESS_CLUSTER_MIN = 5;
export const DOMAIN_CLUSTER_MIN = 10;
/** The share of a domain's votes that must go to one work for the domain to look organised. */
export const DOMAIN_CLUSTER_SHARE = 0.8;
export const BURST_CLUSTER_MIN = 10;

export interface CountedVote {
  id: string;
  workId: string;
  domain: string;
  addressTag: string;
  castAt: string;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const clusterOf = (kind: VoteCluster['kind'], key: string, votes: readonly CountedVote[]) => ({
  kind,
  key,
  voteIds: votes.map((v) => v.id),
});

/** The clusters among the counted votes, largest first within each kind. */
export function findVoteClusters(votes: readonly CountedVote[]): VoteCluster[] {
  const bySize = (a: VoteCluster, b: VoteCluster) =>
    b.voteIds.length - a.voteIds.length || a.key.localeCompare(b.key);
  const address = [...groupBy(votes, (v) => v.addressTag)]
    .filter(([, group]) => group.length >= ADDRESS_CLUSTER_MIN)
    .map(([key, group]) => clusterOf('address', key, group));
  const domain = [...groupBy(votes, (v) => v.domain)].flatMap(([key, group]) => {
    if (group.length < DOMAIN_CLUSTER_MIN) return [];
    const top = Math.max(...[...groupBy(group, (v) => v.workId).values()].map((g) => g.length));
    return top / group.length >= DOMAIN_CLUSTER_SHARE ? [clusterOf('domain', key, group)] : [];
  });
  const burst = [...groupBy(votes, (v) => `${v.castAt.slice(0, 16)}\n${v.workId}`)]
    .filter(([, group]) => group.length >= BURST_CLUSTER_MIN)
    .map(([key, group]) => clusterOf('burst', `${key.split('\n')[0] ?? ''}Z`, group));
  return [...address.sort(bySize), ...domain.sort(bySize), ...burst.sort(bySize)];
}

/** Counted votes per hour ('2026-12-15T10:00:00Z'), in time order. */
export function votesPerHour(votes: readonly Pick<CountedVote, 'castAt'>[]) {
  const hours = groupBy(votes, (v) => `${v.castAt.slice(0, 13)}:00:00Z`);
  return [...hours]
    .map(([hour, group]) => ({ hour, votes: group.length }))
    .sort((a, b) => a.hour.localeCompare(b.hour));
}

/** Counted votes per work, most first (a tie in work id order). */
export function votesPerWork(votes: readonly Pick<CountedVote, 'workId'>[]) {
  return [...groupBy(votes, (v) => v.workId)]
    .map(([workId, group]) => ({ workId, votes: group.length }))
    .sort((a, b) => b.votes - a.votes || a.workId.localeCompare(b.workId));
}

/** The works with the most votes (several on a tie); none without a vote. */
export function peoplesChoiceOf(votes: readonly Pick<CountedVote, 'workId'>[]) {
  const works = votesPerWork(votes);
  const top = works[0]?.votes ?? 0;
  return {
    votes: top,
    workIds: works.filter((w) => w.votes === top && top > 0).map((w) => w.workId),
  };
}
