/*
 * Time zone names are stored as IANA spells them ('Asia/Kolkata'), whatever case they came in:
 * Intl accepts 'asia/kolkata' too, but the site shows the stored name and compares it.
 */

/**
 * Current IANA names that the runtime's ICU may list under an older one (Node lists
 * 'Asia/Calcutta', not 'Asia/Kolkata'), and 'UTC', which it does not list at all. A name typed
 * as one of these is kept, never turned into the old one.
 */
const CURRENT_NAMES = [
  'Africa/Asmara',
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Catamarca',
  'America/Argentina/Cordoba',
  'America/Argentina/Jujuy',
  'America/Argentina/Mendoza',
  'America/Atikokan',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Nuuk',
  'Asia/Ho_Chi_Minh',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Yangon',
  'Atlantic/Faroe',
  'Europe/Kyiv',
  'Pacific/Chuuk',
  'Pacific/Kanton',
  'Pacific/Pohnpei',
  'UTC',
  'Etc/UTC',
];

let knownByLowerCase: Map<string, string> | undefined;

/**
 * A time zone name Intl accepts, in its IANA spelling: the listed name it matches ignoring case
 * ('asia/kolkata' → 'Asia/Kolkata'), else the runtime's own spelling when that is the same name
 * ('etc/gmt+5' → 'Etc/GMT+5'). Never another name for the zone: a name matching neither is kept
 * as given.
 */
export function canonicalTimeZoneName(name: string): string {
  knownByLowerCase ??= new Map(
    [...Intl.supportedValuesOf('timeZone'), ...CURRENT_NAMES].map((known) => [
      known.toLowerCase(),
      known,
    ]),
  );
  const listed = knownByLowerCase.get(name.toLowerCase());
  if (listed) return listed;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return name;
  }
}
