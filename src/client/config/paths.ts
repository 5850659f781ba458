import { publicApiPaths } from '../../shared/api-paths.ts';
import {
  certificatePagePath,
  competitionPagePath,
  competitionResultsPath,
  judgingRecordPath,
  exhibitionPagePath,
  exhibitionWorkPagePath,
  JURY_INVITATION_PATH,
  JURY_SIGN_IN_PATH,
  PAGE_PATHS,
  registerPagePath,
} from '../../shared/page-paths.ts';

/** Every route path of the site (seed §2): the pages of shared/page-paths.ts, and links to them. */
export const paths = {
  ...PAGE_PATHS,
  registerFor: registerPagePath,
  competitionPattern: PAGE_PATHS.competition,
  competition: competitionPagePath,
  competitionResultsPattern: PAGE_PATHS.competitionResults,
  competitionResults: competitionResultsPath,
  judgingRecordPattern: PAGE_PATHS.judgingRecord,
  judgingRecord: judgingRecordPath,
  exhibitionPattern: PAGE_PATHS.exhibition,
  exhibitionOf: exhibitionPagePath,
  exhibitionWorkPattern: PAGE_PATHS.exhibitionWork,
  exhibitionWorkOf: exhibitionWorkPagePath,
  adminExhibitions: '/admin/exhibitions',
  certificatePattern: PAGE_PATHS.certificate,
  certificate: certificatePagePath,
  /** The certificate's PDF, downloaded from its page. */
  certificatePdf: publicApiPaths.certificatePdf,
  /** The entry page of one entry: also where an entry whose fee is still due is shown. */
  entryOf: (entryToken: string) => `${PAGE_PATHS.entry}#${encodeURIComponent(entryToken)}`,
  adminDashboard: '/admin/dashboard',
  adminCompetitions: '/admin/competitions',
  /** A competition's public page as the admin previews it, a draft included. */
  adminCompetitionPreview: (id: string) => `/admin/competitions/${encodeURIComponent(id)}/preview`,
  adminCategories: '/admin/categories',
  adminSubmissions: '/admin/submissions',
  adminSubmission: (id: string) => `/admin/submissions/${encodeURIComponent(id)}`,
  adminErasureRequests: '/admin/submissions/erasure-requests',
  adminVideoSettings: '/admin/video-settings',
  adminBannerSettings: '/admin/banner-settings',
  adminSiteSettings: '/admin/site-settings',
  adminAccount: '/admin/account',
  adminAuditLog: '/admin/audit-log',
  adminOutbox: '/admin/outbox',
  adminCodes: '/admin/codes',
  adminEmailTemplates: '/admin/email-templates',
  adminJurors: '/admin/jurors',
  adminJudging: '/admin/judging',
  adminJudgingOf: (competitionId: string) => `/admin/judging/${encodeURIComponent(competitionId)}`,
  adminRound: (competitionId: string, roundId: string) =>
    `/admin/judging/${encodeURIComponent(competitionId)}/rounds/${encodeURIComponent(roundId)}`,
  adminVotes: '/admin/votes',
  adminVotesOf: (competitionId: string) => `/admin/votes/${encodeURIComponent(competitionId)}`,
  featuredOnHome: '/?scrollToFeatured=true',
  /** The header's way to the competitions: home's list, found by its id with scripts off too. */
  competitionsList: '/?scrollToFeatured=true#featured',
  /** The invitation e-mail's link: the token follows '#', as on the entry page. */
  juryInvitation: JURY_INVITATION_PATH,
  /** A juror's sign-in: the admin's form in the jury's words. */
  jurySignIn: JURY_SIGN_IN_PATH,
  juryAccount: '/jury/account',
  juryWork: (roundId: string, alias: string) =>
    `/jury/rounds/${encodeURIComponent(roundId)}/works/${encodeURIComponent(alias)}`,
  /** A ranking round's one ballot: the juror orders the shortlist. */
  juryBallot: (roundId: string) => `/jury/rounds/${encodeURIComponent(roundId)}/ballot`,
} as const;

/**
 * The header's links: the seed's six, in its order and with its labels, and after Home the ways
 * to the competitions (home's list, which has the search and filters), to every result and to
 * the exhibitions.
 * `section` marks a link to a part of another page: never shown as the page the visitor is on.
 */
export const NAV_LINKS: readonly { to: string; label: string; section?: boolean }[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.competitionsList, label: 'Competitions', section: true },
  { to: paths.results, label: 'Results' },
  { to: paths.exhibitions, label: 'Exhibitions' },
  { to: paths.about, label: 'About Us' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms' },
  { to: paths.razorpayPolicy, label: 'Razorpay Policy' },
];
