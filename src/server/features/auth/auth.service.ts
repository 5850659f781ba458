/* What other features use of the accounts: the jury deletes a juror's account through here. */

export { deleteJurorById } from './admins.repository.ts';
