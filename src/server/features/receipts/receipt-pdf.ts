import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatPaise, formatRate } from '../../../shared/domain/gst.ts';

/*
 * A receipt or credit note as one A4 page: who sells (the art space's legal name, address and
 * GSTIN when set), who paid, for what entry, the fee lines, the GST the price includes when a
 * rate is set, the total and the payment. Drawn in the certificates' Noto Sans (it has the rupee
 * sign); text in scripts other than Latin is not shaped here.
 */

export interface ReceiptContent {
  kind: 'receipt' | 'credit_note';
  number: string;
  /** Already formatted, e.g. '31 March 2027'. */
  issuedOn: string;
  /** The site's title when no legal name is set. */
  sellerName: string;
  sellerAddress: string;
  gstin: string;
  artistName: string;
  artistEmail: string;
  competitionTitle: string;
  entryReference: string;
  /** A credit note's receipt. */
  reverses: string | null;
  lines: readonly { label: string; amountPaise: number }[];
  gstRateBp: number | null;
  gstPaise: number;
  totalPaise: number;
  paymentId: string;
}

const FONT_DIR = path.join(import.meta.dirname, '..', 'results', 'fonts');
const REGULAR = path.join(FONT_DIR, 'NotoSans-Regular.ttf');
const BOLD = path.join(FONT_DIR, 'NotoSans-Bold.ttf');
const LEFT = 56;
const RIGHT = 539;
const WIDTH = RIGHT - LEFT;
const MUTED = '#4b5563';
const INK = '#111827';

type Doc = InstanceType<typeof PDFDocument>;

function labelled(doc: Doc, label: string, value: string): void {
  doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(label, { continued: true });
  doc.fillColor(INK).text(` ${value}`);
}

function amountRow(doc: Doc, label: string, amount: string, bold = false): void {
  const y = doc.y;
  doc
    .font(bold ? BOLD : REGULAR)
    .fontSize(11)
    .fillColor(INK)
    .text(label, LEFT, y, { width: WIDTH - 140 });
  doc.text(amount, RIGHT - 140, y, { width: 140, align: 'right' });
  doc.moveDown(0.4);
}

function drawParties(doc: Doc, c: ReceiptContent): void {
  doc.font(BOLD).fontSize(13).fillColor(INK).text(c.sellerName, LEFT, 56, { width: WIDTH });
  doc.font(REGULAR).fontSize(10).fillColor(MUTED);
  if (c.sellerAddress) doc.text(c.sellerAddress, { width: WIDTH });
  if (c.gstin) labelled(doc, 'GSTIN:', c.gstin);
  doc.moveDown(1.2);
  const heading = c.kind === 'receipt' ? 'Receipt' : 'Credit note';
  doc.font(BOLD).fontSize(22).fillColor(INK).text(heading);
  doc.moveDown(0.3);
  labelled(doc, `${heading} number:`, c.number);
  labelled(doc, 'Date:', c.issuedOn);
  if (c.reverses) labelled(doc, 'Reverses receipt:', c.reverses);
  doc.moveDown(1);
  labelled(doc, c.kind === 'receipt' ? 'Received from:' : 'Refunded to:', c.artistName);
  labelled(doc, 'E-mail:', c.artistEmail);
  labelled(doc, 'Competition:', c.competitionTitle);
  labelled(doc, 'Entry reference:', c.entryReference);
  doc.moveDown(1.2);
}

function drawAmounts(doc: Doc, c: ReceiptContent): void {
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.75).strokeColor(MUTED).stroke();
    doc.moveDown(0.4);
  };
  amountRow(doc, 'Description', 'Amount', true);
  rule();
  for (const line of c.lines) amountRow(doc, line.label, formatPaise(line.amountPaise));
  rule();
  amountRow(
    doc,
    c.kind === 'receipt' ? 'Total paid' : 'Total refunded',
    formatPaise(c.totalPaise),
    true,
  );
  if (c.gstRateBp !== null) {
    const gst = `Including GST at ${formatRate(c.gstRateBp)}%`;
    amountRow(doc, gst, formatPaise(c.gstPaise));
  }
  doc.moveDown(1);
  doc.x = LEFT;
  labelled(doc, 'Payment id:', c.paymentId);
}

export async function renderReceiptPdf(content: ReceiptContent): Promise<Buffer> {
  const title = `${content.kind === 'receipt' ? 'Receipt' : 'Credit note'} ${content.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    pdfVersion: '1.7',
    lang: 'en',
    displayTitle: true,
    info: { Title: title, Author: content.sellerName, Creator: content.sellerName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  drawParties(doc, content);
  drawAmounts(doc, content);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
