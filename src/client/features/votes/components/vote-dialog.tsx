import { VOTE_MESSAGES } from '../../../../shared/schemas/votes.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { VoteSteps } from './vote-steps.tsx';

/**
 * The vote's dialog: from the visitor's e-mail address to the e-mailed code to the vote. Its own
 * chunk (with the address check's zod), loaded when a vote button is first reached or pressed.
 */
export default function VoteDialog({
  competitionId,
  workId,
  workTitle,
  votesPerVisitor,
  open,
  onClose,
}: {
  competitionId: string;
  workId: string;
  workTitle?: string;
  votesPerVisitor: number;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      title={workTitle ? `Vote for “${workTitle}”` : 'Vote for this work'}
      onClose={onClose}
      form
    >
      <p className="mb-4 text-gray-700 dark:text-gray-300">
        {votesPerVisitor === 1
          ? 'Each person has one vote in this exhibition.'
          : `Each person has ${votesPerVisitor} votes in this exhibition, one per work.`}{' '}
        {VOTE_MESSAGES.countsHidden}
      </p>
      <VoteSteps competitionId={competitionId} workId={workId} onDone={onClose} />
    </ModalDialog>
  );
}
