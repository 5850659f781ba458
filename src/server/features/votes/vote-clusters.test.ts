import { describe, expect, it } from 'vitest';
import {
  type CountedVote,
  findVoteClusters,
  peoplesChoiceOf,
  votesPerHour,
  votesPerWork,
} from './vote-clusters.ts';
import { addressTagOf, domainOf, isLastingAddress, voterOf } from './voter-identity.ts';

let n = 0;
const vote = (over: Partial<CountedVote> = {}): CountedVote => {
  n += 1;
  return {
    id: `v${n}`,
    workId: `w${n % 7}`,
    domain: `d${n}.example`,
    addressTag: `a${n}`,
    castAt: new Date(Date.UTC(2026, 11, 15, n % 24, n % 60)).toISOString(),
    ...over,
  };
};

describe('who a voter is', () => {
  it('is the address lower-case without its +tag', () => {
    expect(voterOf(' Asha.Rao+Vote1@Example.COM ')).toBe('asha.rao@example.com');
    expect(voterOf('asha.rao@example.com')).toBe('asha.rao@example.com');
    expect(domainOf('Asha@Mail.Example.com')).toBe('mail.example.com');
  });

  it('refuses disposable domains from the maintained list', () => {
    expect(isLastingAddress('someone@mailinator.com')).toBe(false);
    expect(isLastingAddress('asha@gmail.com')).toBe(true);
  });

  it('tags an address without showing it, the same tag each time, keyed by the server', () => {
    const key = Buffer.alloc(32, 7);
    expect(addressTagOf(key, '10.0.0.1')).toBe(addressTagOf(key, '10.0.0.1'));
    expect(addressTagOf(key, '10.0.0.1')).not.toContain('10.0');
    expect(addressTagOf(key, '10.0.0.1')).not.toBe(addressTagOf(key, '10.0.0.2'));
    // Without the server's key the tag cannot be made again from a guessed address.
    expect(addressTagOf(Buffer.alloc(32, 8), '10.0.0.1')).not.toBe(addressTagOf(key, '10.0.0.1'));
  });
});

describe('clusters that look organised', () => {
  it('finds nothing among spread-out votes', () => {
    expect(findVoteClusters(Array.from({ length: 40 }, () => vote()))).toEqual([]);
  });

  it('finds five votes from one address', () => {
    const four = Array.from({ length: 4 }, () => vote({ addressTag: 'lab' }));
    expect(findVoteClusters(four)).toEqual([]);
    const five = [...four, vote({ addressTag: 'lab' })];
    expect(findVoteClusters(five)).toEqual([
      { kind: 'address', key: 'lab', voteIds: five.map((v) => v.id) },
    ]);
  });

  it("finds a domain's ten votes for one work, not a big provider's spread over the works", () => {
    const office = Array.from({ length: 10 }, () => vote({ domain: 'acme.example', workId: 'w1' }));
    const spread = Array.from({ length: 30 }, (_, i) =>
      vote({ domain: 'gmail.com', workId: `w${i % 5}` }),
    );
    const clusters = findVoteClusters([...office, ...spread]);
    expect(clusters).toEqual([
      { kind: 'domain', key: 'acme.example', voteIds: office.map((v) => v.id) },
    ]);
  });

  it('finds a burst: ten votes for one work within a minute', () => {
    const burst = Array.from({ length: 10 }, (_, i) =>
      vote({ workId: 'w3', castAt: `2026-12-15T10:05:${String(i * 5).padStart(2, '0')}.000Z` }),
    );
    const elsewhere = vote({ workId: 'w3', castAt: '2026-12-15T10:06:01.000Z' });
    expect(findVoteClusters([...burst, elsewhere])).toEqual([
      { kind: 'burst', key: '2026-12-15T10:05Z', voteIds: burst.map((v) => v.id) },
    ]);
  });
});

describe('counting', () => {
  it('counts per hour and per work, and names the most voted works (all of a tie)', () => {
    const votes = [
      vote({ workId: 'a', castAt: '2026-12-15T10:59:59.000Z' }),
      vote({ workId: 'b', castAt: '2026-12-15T10:00:00.000Z' }),
      vote({ workId: 'a', castAt: '2026-12-15T11:00:00.000Z' }),
      vote({ workId: 'b', castAt: '2026-12-15T09:30:00.000Z' }),
      vote({ workId: 'c', castAt: '2026-12-15T09:30:00.000Z' }),
    ];
    expect(votesPerHour(votes)).toEqual([
      { hour: '2026-12-15T09:00:00Z', votes: 2 },
      { hour: '2026-12-15T10:00:00Z', votes: 2 },
      { hour: '2026-12-15T11:00:00Z', votes: 1 },
    ]);
    expect(votesPerWork(votes)).toEqual([
      { workId: 'a', votes: 2 },
      { workId: 'b', votes: 2 },
      { workId: 'c', votes: 1 },
    ]);
    expect(peoplesChoiceOf(votes)).toEqual({ votes: 2, workIds: ['a', 'b'] });
    expect(peoplesChoiceOf([])).toEqual({ votes: 0, workIds: [] });
  });
});
