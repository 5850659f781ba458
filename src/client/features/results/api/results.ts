import { publicApiPaths } from '../../../../shared/api-paths.ts';
import type {
  CertificateVerification,
  LatestResults,
  PublicResults,
} from '../../../../shared/schemas/publication.ts';
import type { PublishedJudgingRecord } from '../../../../shared/schemas/judging-record.ts';
import { useApiResource } from '../../../lib/api-cache.ts';

/** A competition's published results. */
export const useCompetitionResults = (competitionId: string) =>
  useApiResource<PublicResults>(publicApiPaths.competitionResults(competitionId));

/** Every published result, newest first. */
export const useAllResults = () => useApiResource<LatestResults>(publicApiPaths.results);

/** The check of a certificate's code. */
export const useCertificate = (code: string) =>
  useApiResource<CertificateVerification>(publicApiPaths.certificate(code));

/** A competition's published judging record, with its SHA-256 and its download. */
export const useJudgingRecord = (competitionId: string) =>
  useApiResource<PublishedJudgingRecord>(publicApiPaths.judgingRecord(competitionId));
