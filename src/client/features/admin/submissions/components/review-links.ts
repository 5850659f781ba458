import { paths } from '../../../../config/paths.ts';

/** The review showing the likely duplicates of an entry's group: its competition and e-mail. */
export function duplicatesViewOf(competitionId: string, email: string): string {
  const query = new URLSearchParams({
    competition: competitionId,
    q: email.trim(),
    duplicates: 'only',
  });
  return `${paths.adminSubmissions}?${query.toString()}`;
}
