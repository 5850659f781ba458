import { publicApiPaths } from '../../../../shared/api-paths.ts';
import type {
  EnquiryInput,
  ExhibitionArchive,
  PublicExhibition,
  PublicExhibitionWorkPage,
} from '../../../../shared/schemas/exhibition.ts';
import { useApiResource } from '../../../lib/api-cache.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Every opened exhibition: current and past. */
export const useExhibitionArchive = () =>
  useApiResource<ExhibitionArchive>(publicApiPaths.exhibitions);

/** An opened exhibition's gallery. */
export const useExhibition = (competitionId: string) =>
  useApiResource<PublicExhibition>(publicApiPaths.exhibition(competitionId));

/** One work of an opened exhibition. */
export const useExhibitionWork = (competitionId: string, workId: string) =>
  useApiResource<PublicExhibitionWorkPage>(publicApiPaths.exhibitionWork(competitionId, workId));

/** A visitor's enquiry about a work for sale. */
export const sendEnquiry = (competitionId: string, workId: string, enquiry: EnquiryInput) =>
  apiFetch<{ id: string }>(publicApiPaths.exhibitionEnquiries(competitionId, workId), {
    method: 'POST',
    body: JSON.stringify(enquiry),
  });
