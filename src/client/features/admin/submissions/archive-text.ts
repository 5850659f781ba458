/** The archive's words, as the page shows and announces them. */
export const ARCHIVE_TEXT = {
  download: 'Download artworks (ZIP)',
  approvedOnly: 'Approved entries only',
  chooseCompetition: 'Choose a competition to download its artworks.',
  progress: 'Downloading artworks',
  preparing: 'Preparing the archive…',
  cancel: 'Cancel download',
  cancelled: 'Download cancelled.',
  interrupted: 'The download was interrupted. Please try again.',
  saved: (name: string) => `Saved ${name}.`,
  started: (size: string) => `Downloading ${size}.`,
  handedOver: 'The archive is large: your browser saves it, and its downloads show the progress.',
  group: 'Artworks archive',
} as const;
