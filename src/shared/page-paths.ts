/*
 * The site's pages (seed §2): the routes the browser app draws, and the addresses the server
 * answers with the app and fills with each page's first data. No zod here: the home page's
 * first download imports this.
 */

export const PAGE_PATHS = {
  home: '/',
  /** No page of its own: the browser goes home. */
  register: '/register',
  registerCompetition: '/register/competition',
  registrationSuccess: '/registration-success',
  competition: '/competition/:id',
  /** A competition's published results. */
  competitionResults: '/competition/:id/results',
  /** A competition's published judging record, readable. */
  judgingRecord: '/competition/:id/results/record',
  /** Every published result, newest first. */
  results: '/results',
  /** Every opened exhibition: those running now and the past ones. */
  exhibitions: '/exhibitions',
  /** A competition's opened exhibition: its gallery. */
  exhibition: '/exhibitions/:competitionId',
  /** One work of an exhibition, with its own page to share. */
  exhibitionWork: '/exhibitions/:competitionId/works/:workId',
  /** Anyone checks a certificate by the code printed on it. */
  certificate: '/certificates/:code',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  razorpayPolicy: '/razorpay-policy',
  /**
   * The artist's entry, opened with the e-mailed link. The token follows '#', so it never reaches
   * a server's log or another site's Referer; the page sends it in a request body.
   */
  entry: '/entry',
  /** The artist's entries, all in one place; signed out, the sign-in form. Never indexed. */
  me: '/me',
  /** The sign-in e-mail's link: the token follows '#', and the page posts it. */
  meSignIn: '/me/sign-in',
  admin: '/admin',
  /** The jurors' area: their rounds, the works to score, and the invitation link's page. */
  jury: '/jury',
} as const;

/**
 * Where a juror signs in (the jury area's own words; the form is the admin's). Under /jury/*, so
 * no route of its own is needed on the server.
 */
export const JURY_SIGN_IN_PATH = `${PAGE_PATHS.jury}/sign-in`;
/** The invitation e-mail's link (the token follows '#'). */
export const JURY_INVITATION_PATH = `${PAGE_PATHS.jury}/invitation`;

/** The query parameter naming the competition the registration page is for. */
export const REGISTER_COMPETITION_PARAM = 'competition';

/** The registration page of one competition: `/register/competition?competition=<id>`. */
export const registerPagePath = (competitionId: string): string =>
  `${PAGE_PATHS.registerCompetition}?${REGISTER_COMPETITION_PARAM}=${encodeURIComponent(competitionId)}`;

/**
 * Every route pattern of the browser app, the admin and jury areas' screens (which they route
 * themselves) included: the server answers each with the page.
 */
export function pageRoutePatterns(): string[] {
  return [...Object.values(PAGE_PATHS), `${PAGE_PATHS.admin}/*`, `${PAGE_PATHS.jury}/*`];
}

const SERVER_RENDERED = new Set<string>([
  PAGE_PATHS.home,
  PAGE_PATHS.registerCompetition,
  PAGE_PATHS.registrationSuccess,
  PAGE_PATHS.results,
  PAGE_PATHS.exhibitions,
  PAGE_PATHS.about,
  PAGE_PATHS.contact,
  PAGE_PATHS.privacy,
  PAGE_PATHS.terms,
  PAGE_PATHS.razorpayPolicy,
]);

/**
 * Whether the server draws the page before any script runs
 * (docs/decisions/018-server-rendering.md): the public pages. The admin and jury areas, an
 * artist's entry (its token is after '#', which the server never sees) and the artist's own pages
 * (their session's alone) are drawn in the browser.
 */
export function isServerRenderedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return (
    SERVER_RENDERED.has(path) ||
    competitionIdInPath(path) !== undefined ||
    resultsCompetitionIdInPath(path) !== undefined ||
    recordCompetitionIdInPath(path) !== undefined ||
    exhibitionInPath(path) !== undefined ||
    isCertificatePath(path)
  );
}

/** A competition's page: `/competition/<id>`. */
export function competitionPagePath(id: string): string {
  return PAGE_PATHS.competition.replace(':id', encodeURIComponent(id));
}

const COMPETITION_PAGE = /^\/competition\/([^/]+)\/?$/;

/** The id (still URL-encoded) a competition page's address names, or undefined for another page. */
export function competitionIdInPath(pathname: string): string | undefined {
  return COMPETITION_PAGE.exec(pathname)?.[1];
}

/** A competition's results page: `/competition/<id>/results`. */
export function competitionResultsPath(id: string): string {
  return PAGE_PATHS.competitionResults.replace(':id', encodeURIComponent(id));
}

const RESULTS_PAGE = /^\/competition\/([^/]+)\/results\/?$/;

/** The id (still URL-encoded) a results page's address names, or undefined for another page. */
export function resultsCompetitionIdInPath(pathname: string): string | undefined {
  return RESULTS_PAGE.exec(pathname)?.[1];
}

/** A competition's judging record page: `/competition/<id>/results/record`. */
export function judgingRecordPath(id: string): string {
  return PAGE_PATHS.judgingRecord.replace(':id', encodeURIComponent(id));
}

const RECORD_PAGE = /^\/competition\/([^/]+)\/results\/record\/?$/;

/** The id (still URL-encoded) a record page's address names, or undefined for another page. */
export function recordCompetitionIdInPath(pathname: string): string | undefined {
  return RECORD_PAGE.exec(pathname)?.[1];
}

/** A certificate's page: `/certificates/<code>`. */
export function certificatePagePath(code: string): string {
  return PAGE_PATHS.certificate.replace(':code', encodeURIComponent(code));
}

const CERTIFICATE_PAGE = /^\/certificates\/[^/]+\/?$/;

/** Whether the address is a certificate's page. */
export function isCertificatePath(pathname: string): boolean {
  return CERTIFICATE_PAGE.test(pathname);
}

/** An exhibition's gallery: `/exhibitions/<competition id>`. */
export function exhibitionPagePath(competitionId: string): string {
  return PAGE_PATHS.exhibition.replace(':competitionId', encodeURIComponent(competitionId));
}

/** A work's page in an exhibition: `/exhibitions/<competition id>/works/<work id>`. */
export function exhibitionWorkPagePath(competitionId: string, workId: string): string {
  return PAGE_PATHS.exhibitionWork
    .replace(':competitionId', encodeURIComponent(competitionId))
    .replace(':workId', encodeURIComponent(workId));
}

const EXHIBITION_PAGE = /^\/exhibitions\/([^/]+)(?:\/works\/([^/]+))?\/?$/;

/** The ids (still URL-encoded) an exhibition's or a work's page names, else undefined. */
export function exhibitionInPath(
  pathname: string,
): { competitionId: string; workId: string | undefined } | undefined {
  const match = EXHIBITION_PAGE.exec(pathname);
  return match ? { competitionId: match[1] as string, workId: match[2] } : undefined;
}
