import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import type * as VoteDialogModule from './vote-dialog.tsx';

/** The exhibition's voting window, as its page data carries it. */
export interface VotingWindow {
  opensAt: string | null;
  closesAt: string | null;
  open: boolean;
  votesPerVisitor: number;
}

type VoteDialog = typeof VoteDialogModule.default;

let voteDialog: Promise<VoteDialog> | undefined;
/**
 * The dialog's chunk, asked for once (on the first pointer, finger or focus on a vote button),
 * and asked again after a failed download: a phone that was offline may press again.
 */
function loadVoteDialog(): Promise<VoteDialog> {
  voteDialog ??= import('./vote-dialog.tsx').then(
    (module) => module.default,
    (error: unknown) => {
      voteDialog = undefined;
      throw error;
    },
  );
  return voteDialog;
}
const preload = () => void loadVoteDialog().catch(() => undefined);

export const VOTE_NOT_LOADED = 'The vote could not be loaded. Check your connection and try again.';

/** The query of a work's page that opens its vote once the page's script runs (`?vote=1`). */
export const VOTE_PARAM = 'vote';

/**
 * "Vote for this work" in the exhibition's gallery and on a work's page, while voting is open
 * (as the page's data says, so the server and the browser draw the same): a dialog that takes the
 * visitor from their e-mail address to the e-mailed code to the vote. The dialog is drawn only
 * once first opened, so hydrating a page of vote buttons costs a button each.
 *
 * The button submits a form to the work's page with `?vote=1`: a tap before the page's script
 * has run (a slow phone, a shared link just opened) is not lost but loads the work's page, which
 * opens the vote (`openAtStart`) once its script runs. Once the script runs, the form's submit
 * opens the dialog in place instead.
 */
export function VoteButton({
  competitionId,
  workId,
  workTitle,
  voting,
  openAtStart = false,
}: {
  competitionId: string;
  workId: string;
  workTitle?: string;
  voting: VotingWindow;
  /** The visitor asked to vote before the script ran: the dialog opens when it has. */
  openAtStart?: boolean;
}) {
  // Null until first opened: no dialog (nor its chunk) before.
  const [Dialog, setDialog] = useState<VoteDialog | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const openDialog = useCallback(
    () =>
      loadVoteDialog().then(
        (loaded) => {
          setDialog(() => loaded);
          setFailed(false);
          setOpen(true);
        },
        () => setFailed(true),
      ),
    [],
  );
  const askedAtStart = useRef(openAtStart);
  useEffect(() => {
    if (!askedAtStart.current || !voting.open) return;
    askedAtStart.current = false;
    void openDialog();
  }, [openDialog, voting.open]);
  if (!voting.open) return null;
  return (
    <>
      <form
        method="get"
        action={paths.exhibitionWorkOf(competitionId, workId)}
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          void openDialog();
        }}
      >
        {/* The title joins the visible words, so the name still starts with them (WCAG 2.5.3). */}
        <Button
          type="submit"
          name={VOTE_PARAM}
          value="1"
          variant="outline"
          onPointerEnter={preload}
          onTouchStart={preload}
          onFocus={preload}
        >
          Vote for this work
          {workTitle ? <span className="sr-only">: {workTitle}</span> : null}
        </Button>
      </form>
      {failed ? (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
          {VOTE_NOT_LOADED}
        </p>
      ) : null}
      {Dialog ? (
        <Dialog
          competitionId={competitionId}
          workId={workId}
          workTitle={workTitle}
          votesPerVisitor={voting.votesPerVisitor}
          open={open}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
