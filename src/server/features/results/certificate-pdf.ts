/*
 * The certificate PDF: one A4 landscape page for a merit award or for taking part. Names and
 * titles may be in any of the scripts the bundled Noto fonts cover (Latin, Greek, Cyrillic,
 * Devanagari, Tamil), shaped by HarfBuzz (certificate-text.ts). The bytes depend on the content
 * only, so a stored copy can be compared with a fresh rendering.
 */
import PDFDocument from 'pdfkit';
import { Typesetter, type Segment, type TextStyle } from './certificate-text.ts';

export interface CertificateContent {
  kind: 'merit' | 'participation';
  /** e.g. 'White Stroke' */
  siteTitle: string;
  /** '#rrggbb', the site's primary colour */
  accentColour: string;
  artistName: string;
  competitionTitle: string;
  /** 'First', 'Honourable mention' or an admin's own title; null for participation */
  award: string | null;
  /** may be '' */
  artworkTitle: string;
  /** already formatted, e.g. '26 November 2026' */
  issuedOn: string;
  /** verification code, e.g. 'K7QX-3MPA-9TZD' */
  code: string;
  /** e.g. 'https://example.org/certificates/K7QX-3MPA-9TZD' */
  verifyUrl: string;
}

/** A4 landscape, in points. */
const WIDTH = 841.89;
const HEIGHT = 595.28;
const CENTRE = WIDTH / 2;
/** Text stays inside the inner border with room to spare. */
const TEXT_WIDTH = WIDTH - 2 * 90;
const INK = '#1f2937';
const MUTED = '#4b5563';
/** A fixed date keeps the bytes (and the file identifier derived from it) the same every time. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

type Doc = InstanceType<typeof PDFDocument>;

function drawFrame(doc: Doc, accent: string): void {
  doc.save();
  doc
    .lineWidth(3)
    .strokeColor(accent)
    .rect(22, 22, WIDTH - 44, HEIGHT - 44)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(32, 32, WIDTH - 64, HEIGHT - 64)
    .stroke();
  // A small diamond at each inner corner.
  for (const [x, y] of [
    [32, 32],
    [WIDTH - 32, 32],
    [32, HEIGHT - 32],
    [WIDTH - 32, HEIGHT - 32],
  ] as const) {
    doc
      .polygon([x, y - 6], [x + 6, y], [x, y + 6], [x - 6, y])
      .fillColor(accent)
      .fill();
  }
  doc.restore();
}

function rule(doc: Doc, centreX: number, y: number, width: number, colour: string, weight = 0.75) {
  doc.save();
  doc
    .lineWidth(weight)
    .strokeColor(colour)
    .moveTo(centreX - width / 2, y)
    .lineTo(centreX + width / 2, y)
    .stroke();
  doc.restore();
}

/** Draws a line centred on the page, shrunk to the text width when it is too long. */
function line(ts: Typesetter, segments: Segment[], baselineY: number, minScale = 0.5): number {
  return ts.centred(ts.fit(segments, TEXT_WIDTH, minScale), CENTRE, baselineY);
}

const style = (face: TextStyle['face'], size: number, colour: string): TextStyle => ({
  face,
  size,
  colour,
});

function drawBody(doc: Doc, ts: Typesetter, c: CertificateContent, accent: string): void {
  const merit = c.kind === 'merit';
  line(
    ts,
    [
      {
        text: c.siteTitle.toUpperCase(),
        style: { ...style('sans-bold', 13, accent), tracking: 3 },
      },
    ],
    92,
  );
  rule(doc, CENTRE, 106, 56, accent, 1.5);
  const heading = merit ? 'Certificate of Merit' : 'Certificate of Participation';
  line(ts, [{ text: heading, style: style('serif-bold', 40, INK) }], 168);
  line(ts, [{ text: merit ? 'awarded to' : 'presented to', style: style('sans', 14, MUTED) }], 216);
  line(ts, [{ text: c.artistName, style: style('sans-bold', 40, INK) }], 278, 0.4);
  rule(doc, CENTRE, 298, 380, accent);

  let y = 340;
  if (merit && c.award) {
    line(ts, [{ text: c.award, style: style('sans-bold', 24, accent) }], y);
    y += 38;
  }
  const lead = merit ? 'in ' : 'for taking part in ';
  line(
    ts,
    [
      { text: lead, style: style('sans', 15, MUTED) },
      { text: c.competitionTitle, style: style('sans-bold', 18, INK) },
    ],
    y,
  );
  if (c.artworkTitle) {
    line(
      ts,
      [
        { text: 'for the work ', style: style('sans', 13, MUTED) },
        { text: `“${c.artworkTitle}”`, style: style('sans', 13, INK) },
      ],
      y + 30,
    );
  }
}

function drawFooter(doc: Doc, ts: Typesetter, c: CertificateContent, accent: string): void {
  const columns = [
    { x: CENTRE - 180, value: c.issuedOn, label: 'Date' },
    { x: CENTRE + 180, value: c.siteTitle, label: 'Awarded by' },
  ];
  for (const { x, value, label } of columns) {
    const valueLine = [{ text: value, style: style('sans', 13, INK) }];
    ts.centred(ts.fit(valueLine, 220), x, 472);
    rule(doc, x, 482, 200, accent);
    ts.centred([{ text: label, style: style('sans', 10, MUTED) }], x, 497);
  }
  const verify = ts.fit(
    [
      { text: 'Verify at ', style: style('sans', 9.5, MUTED) },
      { text: c.verifyUrl, style: style('sans', 9.5, INK) },
      { text: ` — code ${c.code}`, style: style('sans', 9.5, MUTED) },
    ],
    TEXT_WIDTH,
  );
  const baseline = 545;
  const width = ts.centred(verify, CENTRE, baseline);
  // The whole line links to the verification page.
  doc.link(CENTRE - width / 2, baseline - 10, width, 14, c.verifyUrl);
}

/** Renders the certificate: the same content gives the same bytes. */
export async function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
  const accent = /^#[0-9a-f]{6}$/i.test(content.accentColour) ? content.accentColour : INK;
  const heading =
    content.kind === 'merit' ? 'Certificate of Merit' : 'Certificate of Participation';
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    pdfVersion: '1.7',
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `${heading}: ${content.artistName}`,
      Subject: content.competitionTitle,
      Author: content.siteTitle,
      Creator: content.siteTitle,
      Producer: 'PDFKit',
      CreationDate: FIXED_DATE,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const ts = new Typesetter(doc);
  drawFrame(doc, accent);
  drawBody(doc, ts, content, accent);
  drawFooter(doc, ts, content, accent);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
