/*
 * The API's addresses the browser calls, written once: the client's api modules request them, and
 * the server builds the same strings where it must (the first screen's answers inlined in a page,
 * keyed by the path the browser will ask for; links to pictures in an answer). Fastify's route
 * patterns (`/competitions/:id`) stay beside their routes. No zod here: the home page's first
 * download imports this.
 */

const enc = encodeURIComponent;
const ADMIN = '/api/admin';
const JURY = '/api/jury';
const ME = '/api/me';
const adminCompetition = (id: string) => `${ADMIN}/competitions/${enc(id)}`;
const juryRound = (roundId: string) => `${JURY}/rounds/${enc(roundId)}`;

/** The public API: what the site's pages read, and what an artist sends. */
export const publicApiPaths = {
  competitions: '/api/competitions',
  competition: (id: string) => `/api/competitions/${enc(id)}`,
  registrationForm: (competitionId: string) =>
    `/api/competitions/${enc(competitionId)}/registration-form`,
  judging: (competitionId: string) => `/api/competitions/${enc(competitionId)}/judging`,
  quote: (competitionId: string) => `/api/competitions/${enc(competitionId)}/quote`,
  competitionResults: (competitionId: string) => `/api/competitions/${enc(competitionId)}/results`,
  awardImage: (competitionId: string, awardId: string) =>
    `/api/competitions/${enc(competitionId)}/results/images/${enc(awardId)}`,
  judgingRecord: (competitionId: string) =>
    `/api/competitions/${enc(competitionId)}/results/record`,
  judgingRecordJson: (competitionId: string) =>
    `/api/competitions/${enc(competitionId)}/results/record.json`,
  results: '/api/results',
  exhibitions: '/api/exhibitions',
  exhibition: (competitionId: string) => `/api/exhibitions/${enc(competitionId)}`,
  exhibitionWork: (competitionId: string, workId: string) =>
    `/api/exhibitions/${enc(competitionId)}/works/${enc(workId)}`,
  exhibitionEnquiries: (competitionId: string, workId: string) =>
    `/api/exhibitions/${enc(competitionId)}/works/${enc(workId)}/enquiries`,
  latestResults: '/api/results/latest',
  categories: '/api/categories',
  banners: '/api/banners',
  settings: '/api/settings',
  page: (slug: string) => `/api/pages/${slug}`,
  certificate: (code: string) => `/api/certificates/${enc(code)}`,
  certificatePdf: (code: string) => `/api/certificates/${enc(code)}/pdf`,
  submissions: '/api/submissions',
  entryView: '/api/entries/view',
  entryWithdraw: '/api/entries/withdraw',
  entryLinkRequests: '/api/entries/link-requests',
  entryReceipts: '/api/entries/receipts',
  entryReceiptPdf: '/api/entries/receipts/pdf',
  paymentOrders: '/api/payments/orders',
  paymentVerify: '/api/payments/verify',
  testCheckout: (orderId: string) => `/api/payments/test-checkout/${enc(orderId)}`,
  jurorInvitations: '/api/juror-invitations',
} as const;

/** Signing in and out (the admins' and the jurors' shared session). */
export const authApiPaths = {
  session: '/api/auth/session',
  login: '/api/auth/login',
  signInCode: '/api/auth/sign-in-code',
  logout: '/api/auth/logout',
} as const;

/** The admin area's API, under the one guard of /api/admin. */
export const adminApiPaths = {
  account: `${ADMIN}/account`,
  accountPassword: `${ADMIN}/account/password`,
  accountEmail: `${ADMIN}/account/email`,
  twoFactor: `${ADMIN}/account/two-factor`,
  users: `${ADMIN}/users`,
  securitySettings: `${ADMIN}/security-settings`,
  auditLog: (page: number) => `${ADMIN}/audit-log?page=${page}`,
  banners: `${ADMIN}/banners`,
  categories: `${ADMIN}/categories`,
  codes: `${ADMIN}/codes`,
  codeDeactivation: (codeId: string) => `${ADMIN}/codes/${enc(codeId)}/deactivate`,
  competitions: `${ADMIN}/competitions`,
  competition: adminCompetition,
  competitionPart: (competitionId: string, part: string) =>
    `${adminCompetition(competitionId)}/${part}`,
  roundRanking: (competitionId: string, roundId: string) =>
    `${adminCompetition(competitionId)}/rounds/${enc(roundId)}/ranking`,
  feedback: (competitionId: string) => `${adminCompetition(competitionId)}/feedback`,
  feedbackItem: (competitionId: string, roundId: string, workId: string, jurorId: string) =>
    `${adminCompetition(competitionId)}/feedback/${enc(roundId)}/${enc(workId)}/${enc(jurorId)}`,
  judgingRecord: (competitionId: string) => `${adminCompetition(competitionId)}/results/record`,
  roundEnd: (competitionId: string, roundId: string) =>
    `${adminCompetition(competitionId)}/rounds/${enc(roundId)}/end`,
  dashboard: `${ADMIN}/dashboard`,
  dashboardMoney: `${ADMIN}/dashboard/money`,
  dashboardMoneyCsv: `${ADMIN}/dashboard/money.csv`,
  erasureRequests: `${ADMIN}/erasure-requests`,
  exhibition: (competitionId: string) => `${adminCompetition(competitionId)}/exhibition`,
  exhibitionEnquiries: `${ADMIN}/exhibition-enquiries`,
  exhibitionEnquiryAnswer: (id: string) => `${ADMIN}/exhibition-enquiries/${enc(id)}/answer`,
  erasureCompletion: (id: string) => `${ADMIN}/erasure-requests/${enc(id)}/complete`,
  jurors: `${ADMIN}/jurors`,
  outbox: `${ADMIN}/outbox`,
  refund: (paymentId: string) => `${ADMIN}/payments/${enc(paymentId)}/refund`,
  receipts: (submissionId: string) => `${ADMIN}/receipts?submissionId=${enc(submissionId)}`,
  receiptPdf: (number: string) => `${ADMIN}/receipts/pdf?number=${enc(number)}`,
  siteSettings: `${ADMIN}/site-settings`,
  submissions: `${ADMIN}/submissions`,
  groupMessages: `${ADMIN}/submissions/messages`,
  groupMessagePreview: `${ADMIN}/submissions/messages/preview`,
  uploadImage: `${ADMIN}/uploads/images`,
  video: `${ADMIN}/video`,
} as const;

/** The jurors' API. */
export const juryApiPaths = {
  twoFactor: `${JURY}/account/two-factor`,
  rounds: `${JURY}/rounds`,
  ballot: (roundId: string) => `${juryRound(roundId)}/ballot`,
  work: (roundId: string, alias: string) => `${juryRound(roundId)}/works/${enc(alias)}`,
  /** A work's n-th picture (1-based), as the juror's screen shows it. */
  workImage: (roundId: string, alias: string, n: number) =>
    `${juryRound(roundId)}/works/${enc(alias)}/images/${n}`,
  /** A work's n-th document (1-based), shown to jurors only when its field says so. */
  workDocument: (roundId: string, alias: string, n: number) =>
    `${juryRound(roundId)}/works/${enc(alias)}/documents/${n}`,
} as const;

/** The artist's sign-in (public) and their own scope, under the one guard of /api/me. */
export const artistApiPaths = {
  signInRequests: '/api/artist/sign-in/requests',
  signIn: '/api/artist/sign-in',
  me: ME,
  signOut: `${ME}/sign-out`,
  entries: `${ME}/entries`,
  entry: (id: string) => `${ME}/entries/${enc(id)}`,
  withdraw: (id: string) => `${ME}/entries/${enc(id)}/withdraw`,
  file: (id: string) => `${ME}/files/${enc(id)}`,
  details: `${ME}/details`,
  data: `${ME}/data`,
  erasure: `${ME}/erasure`,
  workSales: `${ME}/works/sales`,
  workSale: (workId: string) => `${ME}/works/${enc(workId)}/sale`,
} as const;

/** The people's-choice vote: a visitor's code, confirmation and votes, and the admin's screen. */
export const voteApiPaths = {
  codes: '/api/votes/codes',
  confirm: '/api/votes/confirm',
  votes: (competitionId: string) => `/api/competitions/${enc(competitionId)}/votes`,
  mine: (competitionId: string) => `/api/competitions/${enc(competitionId)}/votes/mine`,
  counts: (competitionId: string) => `/api/competitions/${enc(competitionId)}/votes/counts`,
  admin: (competitionId: string) => `${adminCompetition(competitionId)}/votes`,
  adminVoid: (competitionId: string) => `${adminCompetition(competitionId)}/votes/void`,
  adminAward: (competitionId: string) => `${adminCompetition(competitionId)}/votes/peoples-choice`,
} as const;
