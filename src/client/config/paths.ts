import { ENTRY_PAGE_PATH } from '../../shared/entry-page.ts';

/** Every route path of the site, defined once (seed §2). */
export const paths = {
  home: '/',
  register: '/register',
  registerCompetition: '/register/competition',
  registerFor: (competitionId: string) =>
    `/register/competition?competition=${encodeURIComponent(competitionId)}`,
  registrationSuccess: '/registration-success',
  competitionPattern: '/competition/:id',
  competition: (id: string) => `/competition/${encodeURIComponent(id)}`,
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  razorpayPolicy: '/razorpay-policy',
  /** The artist's entry, opened with the e-mailed link (issue 13); the token follows '#'. */
  entry: ENTRY_PAGE_PATH,
  /** The entry page of one entry: also where an entry whose fee is still due is shown (issue 20). */
  entryOf: (entryToken: string) => `${ENTRY_PAGE_PATH}#${encodeURIComponent(entryToken)}`,
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminCompetitions: '/admin/competitions',
  adminCategories: '/admin/categories',
  adminSubmissions: '/admin/submissions',
  adminSubmission: (id: string) => `/admin/submissions/${encodeURIComponent(id)}`,
  adminVideoSettings: '/admin/video-settings',
  adminBannerSettings: '/admin/banner-settings',
  adminSiteSettings: '/admin/site-settings',
  adminAccount: '/admin/account',
  adminAuditLog: '/admin/audit-log',
  adminOutbox: '/admin/outbox',
  adminEmailTemplates: '/admin/email-templates',
  featuredOnHome: '/?scrollToFeatured=true',
} as const;

/** The header's links, in the seed's order and with its labels. */
export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About Us' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms' },
  { to: paths.razorpayPolicy, label: 'Razorpay Policy' },
] as const;
