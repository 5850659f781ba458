/** Seed §8 messages that both the server and the browser show, defined once. */
export const COMPETITION_NOT_FOUND = 'Competition not found';
