import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Ballot } from '../../../shared/schemas/results.ts';
import type { ApiError } from '../../lib/api-client.ts';
import { ballotQuery, saveBallot } from './api/ballot.ts';
import { isWorthRetrying, retryDelay } from './api/jury.ts';

/**
 * The order the juror starts from: their saved ranking, then any work it leaves out (a partial
 * ballot, or none saved yet) in the order the works came to them.
 */
export function startingOrder(ballot: Ballot): string[] {
  const ranked = ballot.ranking.filter((alias) => ballot.aliases.includes(alias));
  return [...ranked, ...ballot.aliases.filter((alias) => !ranked.includes(alias))];
}

const sameOrder = (a: string[], b: string[]) =>
  a.length === b.length && a.every((alias, i) => alias === b[i]);

/** `list` with the item at `from` taken out and put back at `to`. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** What the live region says after a move: the work, and where it is now. */
export const movedMessage = (alias: string, to: number, total: number) =>
  `Work ${alias} moved to place ${to + 1} of ${total}.`;

/**
 * A juror's ballot as they order it: the order on screen, moving a work (by drag, keyboard or the
 * Move buttons) with a sentence for the live region, and saving the whole order. `unsaved` while
 * the order differs from what the server has (always, before a first save).
 */
export function useBallot(roundId: string, ballot: Ballot) {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState(() => startingOrder(ballot));
  const [announcement, setAnnouncement] = useState('');
  const save = useMutation<Ballot, ApiError, string[]>({
    mutationFn: (ranking) => saveBallot(roundId, ranking),
    // A weak connection: the same whole ranking is sent again (the server keeps it once).
    retry: isWorthRetrying,
    retryDelay,
    onSuccess: (saved) => queryClient.setQueryData(ballotQuery(roundId).queryKey, saved),
    onError: (error) => {
      // Closed meanwhile: the page reloads the ballot and shows it read-only.
      if (error.status === 409) void queryClient.invalidateQueries(ballotQuery(roundId));
    },
  });
  const unsaved = ballot.roundOpen && !sameOrder(order, ballot.ranking);

  // Closing or reloading the tab after moves not saved asks first (the browser's own question);
  // a ballot only looked at does not.
  const moved = ballot.roundOpen && !sameOrder(order, startingOrder(ballot));
  useEffect(() => {
    if (!moved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [moved]);

  const move = (from: number, to: number, { announce = true } = {}) => {
    const alias = order[from];
    if (alias === undefined || to < 0 || to >= order.length || from === to) return;
    setOrder(moveItem(order, from, to));
    if (announce) setAnnouncement(movedMessage(alias, to, order.length));
  };

  return {
    /** What the page shows: the order being made, or a closed round's saved ranking. */
    order: ballot.roundOpen ? order : ballot.ranking,
    unsaved,
    announcement,
    move,
    /** Moves by the drag library's ids (the aliases); the library has announced the drop. */
    moveAlias: (alias: string, over: string) =>
      move(order.indexOf(alias), order.indexOf(over), { announce: false }),
    save,
    submit: () => save.mutate(order),
  };
}
