/*
 * The jury feature's front door: what the results feature reads of a competition's judging (its
 * rounds, their entries and standings) and what the demo sets up through it.
 */

export { getJudging, requireCompetition, saveJudging } from './judging.service.ts';
export { roundStandings } from './round-results.ts';
export { findRoundEntries, findRoundScores } from './rounds.repository.ts';
export { listRounds, requireRound, ROUND_NOT_FOUND } from './round-summaries.ts';
export { closeRound, createRound, openRound } from './rounds.service.ts';
export { requireOpenRound, ROUND_CLOSED, saveScores } from './scoring.service.ts';
export { rankBy } from './standings.ts';
