/*
 * The certificate PDF: one A4 landscape page for a merit award or for taking part. Names and
 * titles may be in any of the scripts the bundled Noto fonts cover (Latin, Greek, Cyrillic,
 * Devanagari, Tamil), shaped by HarfBuzz (certificate-text.ts). The bytes depend on the content
 * only, so a stored copy can be compared with a fresh rendering.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { scaled, trimEnd, Typesetter, type Segment, type TextStyle } from './certificate-text.ts';

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
  /** e.g. 'https://example.org/certificates/K7QX-3MPA-9TZD' (also the QR code's content) */
  verifyUrl: string;
  /** The published judging record's SHA-256 (64 hex digits), or null when none is published. */
  recordSha256?: string | null;
}

/** A4 landscape, in points. */
const WIDTH = 841.89;
const HEIGHT = 595.28;
const CENTRE = WIDTH / 2;
/** Text stays inside the inner border with room to spare. */
const TEXT_WIDTH = WIDTH - 2 * 90;
/** The room between "awarded to" and the footer that the name, award and titles share. */
const BODY_TOP = 234;
const BODY_BOTTOM = 450;
const INK = '#1f2937';
const MUTED = '#4b5563';
/** A fixed date keeps the bytes (and the file identifier derived from it) the same every time. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/** The QR code's side and its place: the bottom right, inside the frame, clear of the footer. */
export const QR_SIZE = 72;
const QR_X = WIDTH - 44 - QR_SIZE;
const QR_Y = HEIGHT - 44 - QR_SIZE;

/** The verification page's address as a QR code (PNG with its quiet zone): the same URL, the same bytes. */
export function verificationQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 4, scale: 4, type: 'png' });
}

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
function line(ts: Typesetter, segments: Segment[], baselineY: number): number {
  return ts.centred(ts.fit(segments, TEXT_WIDTH), CENTRE, baselineY);
}

const style = (face: TextStyle['face'], size: number, colour: string): TextStyle => ({
  face,
  size,
  colour,
});

/** Something drawn in the body's column: its height and how to draw it from a top edge. */
interface Item {
  height: number;
  draw(top: number): void;
}

/**
 * A paragraph: on one line, shrunk down to minScale if need be, else broken at spaces onto at
 * most maxLines lines (the last shrunk to fit when even that is not enough).
 */
function paragraph(ts: Typesetter, text: Segment[], maxLines: number, minScale: number): Item {
  let lines = ts.wrap(text, TEXT_WIDTH);
  for (let step = 1; lines.length > 1 && 1 - step / 10 >= minScale; step++)
    lines = ts.wrap(scaled(text, 1 - step / 10), TEXT_WIDTH);
  if (lines.length > maxLines)
    lines = [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).flat()];
  const fitted = lines.map((l) => ts.fit(trimEnd(l), TEXT_WIDTH)).filter((l) => l.length > 0);
  if (fitted.length === 0) return gap(0);
  const size = Math.max(...fitted.flat().map((segment) => segment.style.size));
  const lineHeight = size * 1.3;
  return {
    height: fitted.length * lineHeight,
    draw: (top) =>
      fitted.forEach((l, i) => ts.centred(l, CENTRE, top + i * lineHeight + size * 1.02)),
  };
}

const gap = (height: number): Item => ({ height, draw: () => undefined });

function drawBody(doc: Doc, ts: Typesetter, c: CertificateContent, accent: string): void {
  const merit = c.kind === 'merit';
  const site = { ...style('sans-bold', 13, accent), tracking: 3 };
  line(ts, [{ text: c.siteTitle.toUpperCase(), style: site }], 92);
  rule(doc, CENTRE, 106, 56, accent, 1.5);
  const heading = merit ? 'Certificate of Merit' : 'Certificate of Participation';
  line(ts, [{ text: heading, style: style('serif-bold', 40, INK) }], 166);
  line(ts, [{ text: merit ? 'awarded to' : 'presented to', style: style('sans', 14, MUTED) }], 210);

  const items: Item[] = [
    paragraph(ts, [{ text: c.artistName, style: style('sans-bold', 40, INK) }], 2, 0.7),
    gap(4),
    { height: 1, draw: (top) => rule(doc, CENTRE, top, 380, accent) },
    gap(18),
  ];
  if (merit && c.award) {
    items.push(paragraph(ts, [{ text: c.award, style: style('sans-bold', 24, accent) }], 2, 0.8));
    items.push(gap(10));
  }
  const lead = merit ? 'in ' : 'for taking part in ';
  const competition = [
    { text: lead, style: style('sans', 15, MUTED) },
    { text: c.competitionTitle, style: style('sans-bold', 18, INK) },
  ];
  items.push(paragraph(ts, competition, 2, 0.8));
  if (c.artworkTitle) {
    const artwork = [
      { text: 'for the work ', style: style('sans', 13, MUTED) },
      { text: `“${c.artworkTitle}”`, style: style('sans', 13, INK) },
    ];
    items.push(gap(8), paragraph(ts, artwork, 2, 0.85));
  }
  // The column hangs below "awarded to", and moves up when long names and titles need room.
  const height = items.reduce((sum, item) => sum + item.height, 0);
  let top = Math.max(BODY_TOP - 14, Math.min(BODY_TOP, BODY_BOTTOM - height));
  for (const item of items) {
    item.draw(top);
    top += item.height;
  }
}

function drawFooter(
  doc: Doc,
  ts: Typesetter,
  c: CertificateContent,
  accent: string,
  qr: Buffer,
): void {
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
    FOOTER_WIDTH,
  );
  const baseline = c.recordSha256 ? 533 : 545;
  const width = ts.centred(verify, CENTRE, baseline);
  // The whole line links to the verification page.
  doc.link(CENTRE - width / 2, baseline - 10, width, 14, c.verifyUrl);
  if (c.recordSha256) {
    const hash = [
      { text: 'Judging record SHA-256 ', style: style('sans', 8, MUTED) },
      { text: c.recordSha256, style: style('sans', 8, INK) },
    ];
    ts.centred(ts.fit(hash, FOOTER_WIDTH), CENTRE, 548);
  }
  doc.image(qr, QR_X, QR_Y, { width: QR_SIZE, height: QR_SIZE });
  doc.link(QR_X, QR_Y, QR_SIZE, QR_SIZE, c.verifyUrl);
}

/** The footer's lines keep clear of the QR code on either side. */
const FOOTER_WIDTH = 2 * (QR_X - 12 - CENTRE);

/** Every text on one line: line breaks, tabs and other control characters become spaces. */
function oneLine(content: CertificateContent): CertificateContent {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const clean = (text: string) => text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return {
    ...content,
    siteTitle: clean(content.siteTitle),
    artistName: clean(content.artistName),
    competitionTitle: clean(content.competitionTitle),
    award: content.award === null ? null : clean(content.award),
    artworkTitle: clean(content.artworkTitle),
    issuedOn: clean(content.issuedOn),
    code: clean(content.code),
    verifyUrl: clean(content.verifyUrl),
    recordSha256: content.recordSha256 ? clean(content.recordSha256) : null,
  };
}

/** Renders the certificate: the same content gives the same bytes. */
export async function renderCertificatePdf(raw: CertificateContent): Promise<Buffer> {
  const content = oneLine(raw);
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
  drawFooter(doc, ts, content, accent, await verificationQrPng(content.verifyUrl));
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
