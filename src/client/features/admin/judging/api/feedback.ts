import { queryOptions } from '@tanstack/react-query';
import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { AdminFeedbackSchema, type FeedbackEdit } from '../../../../../shared/schemas/feedback.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The jury's feedback for the artists: every juror's, per work, and the admin's edit of one. */

export const feedbackQuery = (competitionId: string) =>
  queryOptions({
    queryKey: ['admin', 'feedback', competitionId],
    queryFn: () => apiFetch(adminApiPaths.feedback(competitionId), {}, AdminFeedbackSchema),
  });

/** Saves one juror's feedback on one work (its text, and whether it is hidden); answers them all. */
export const editFeedback = ({
  competitionId,
  roundId,
  workId,
  jurorId,
  edit,
}: {
  competitionId: string;
  roundId: string;
  workId: string;
  jurorId: string;
  edit: FeedbackEdit;
}) =>
  apiFetch(
    adminApiPaths.feedbackItem(competitionId, roundId, workId, jurorId),
    send('PUT', edit),
    AdminFeedbackSchema,
  );
