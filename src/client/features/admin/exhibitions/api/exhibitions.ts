import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import {
  AdminExhibitionSchema,
  EnquirySchema,
  type ExhibitionInput,
  type ExhibitionWorksInput,
} from '../../../../../shared/schemas/exhibition.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The Exhibitions screen's calls: a competition's exhibition, its works, and enquiries. */

export const exhibitionKey = (competitionId: string) =>
  ['admin', 'exhibition', competitionId] as const;

/** The competition's exhibition; a 404 while it has none. */
export const exhibitionQuery = (competitionId: string) =>
  queryOptions({
    queryKey: exhibitionKey(competitionId),
    queryFn: () => apiFetch(adminApiPaths.exhibition(competitionId), {}, AdminExhibitionSchema),
  });

export const saveExhibition = ({ id, values }: { id: string; values: ExhibitionInput }) =>
  apiFetch(adminApiPaths.exhibition(id), send('PUT', values), AdminExhibitionSchema);

export const chooseWorks = ({ id, choice }: { id: string; choice: ExhibitionWorksInput }) =>
  apiFetch(`${adminApiPaths.exhibition(id)}/works`, send('PUT', choice), AdminExhibitionSchema);

export const setOpen = ({ id, open }: { id: string; open: boolean }) =>
  apiFetch(
    `${adminApiPaths.exhibition(id)}/${open ? 'open' : 'close'}`,
    send('POST'),
    AdminExhibitionSchema,
  );

export const enquiriesKey = ['admin', 'exhibition-enquiries'] as const;

export const enquiriesQuery = queryOptions({
  queryKey: enquiriesKey,
  queryFn: () => apiFetch(adminApiPaths.exhibitionEnquiries, {}, z.array(EnquirySchema)),
});

export const answerEnquiry = ({ id, message }: { id: string; message: string }) =>
  apiFetch(adminApiPaths.exhibitionEnquiryAnswer(id), send('POST', { message }), EnquirySchema);
