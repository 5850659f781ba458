import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderCertificatePdf, type CertificateContent } from './certificate-pdf.ts';
import { Shaper, splitByScript } from './shape-text.ts';

/*
 * The certificate read back the way a person's tools read it: poppler-utils (Debian's, which
 * .ci/run installs). A machine without pdftotext fails here rather than skipping.
 */
const POPPLER = '/usr/bin';
const dir = mkdtempSync(path.join(tmpdir(), 'certificate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function poppler(tool: 'pdftotext' | 'pdffonts', pdf: Buffer): string {
  const file = path.join(dir, `${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  const args = tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : [file];
  return execFileSync(path.join(POPPLER, tool), args, { encoding: 'utf8' });
}

/** pdffonts' rows as { name, emb }: its columns are name, type (may hold spaces), encoding, emb, sub, uni, object, generation. */
function embeddedColumn(listing: string): { name: string; emb: string }[] {
  return listing
    .split('\n')
    .slice(2)
    .filter((row) => row.trim())
    .map((row) => {
      const match = /^(\S+)\s.*\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(row);
      return { name: match?.[1] ?? row, emb: match?.[2] ?? 'unreadable' };
    });
}

const merit: CertificateContent = {
  kind: 'merit',
  siteTitle: 'White Stroke',
  accentColour: '#7c3aed',
  artistName: 'प्रिया शर्मा',
  competitionTitle: 'Rangoli 2026 — रंगोली प्रतियोगिता',
  award: 'Honourable mention',
  artworkTitle: 'क्षितिज की ओर',
  issuedOn: '26 November 2026',
  code: 'K7QX-3MPA-9TZD',
  verifyUrl: 'https://example.org/certificates/K7QX-3MPA-9TZD',
};

const tamil: CertificateContent = {
  ...merit,
  artistName: 'அருண் குமார்',
  competitionTitle: 'Monsoon Colours — மழைக்கால வண்ணங்கள்',
  award: 'First',
  artworkTitle: 'Evening at Marina',
};

describe('renderCertificatePdf', () => {
  it('gives a Devanagari name, a mixed-script competition and the award back as text', async () => {
    const text = poppler('pdftotext', await renderCertificatePdf(merit));
    expect(text).toContain('White Stroke');
    expect(text).toContain('Certificate of Merit');
    expect(text).toContain('awarded to');
    expect(text).toContain('प्रिया शर्मा');
    expect(text).toContain('Rangoli 2026 — रंगोली प्रतियोगिता');
    expect(text).toContain('Honourable mention');
    expect(text).toContain('“क्षितिज की ओर”');
    expect(text).toContain('26 November 2026');
    expect(text).toContain(
      'Verify at https://example.org/certificates/K7QX-3MPA-9TZD — code K7QX-3MPA-9TZD',
    );
  });

  it('gives a Tamil name and its competition back as text', async () => {
    const text = poppler('pdftotext', await renderCertificatePdf(tamil));
    expect(text).toContain('அருண் குமார்');
    expect(text).toContain('Monsoon Colours — மழைக்கால வண்ணங்கள்');
    expect(text).toContain('First');
    expect(text).toContain('“Evening at Marina”');
  });

  it('embeds every font it uses, one per script and weight', async () => {
    for (const content of [merit, tamil]) {
      const fonts = embeddedColumn(poppler('pdffonts', await renderCertificatePdf(content)));
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((font) => font.emb !== 'yes')).toEqual([]);
    }
    const fonts = embeddedColumn(poppler('pdffonts', await renderCertificatePdf(merit)));
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansDevanagari-Bold',
      'NotoSansDevanagari-Regular',
      'NotoSerif-Bold',
    ]);
  });

  it('is one A4 landscape page', async () => {
    const pdf = await renderCertificatePdf(merit);
    const info = execFileSync(path.join(POPPLER, 'pdfinfo'), ['-'], {
      input: pdf,
      encoding: 'utf8',
    });
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+841\.89 x 595\.28 pts \(A4\)/m);
  });

  it('keeps long names and titles on the page, inside its frame', async () => {
    const pdf = await renderCertificatePdf({
      ...merit,
      artistName: 'Maria Magdalena Ångström-Núñez de la Cruz y Fernández-Villaverde Østergaard',
      competitionTitle: `The Twelfth International Festival of Young Painters — अंतरराष्ट्रीय युवा चित्रकार महोत्सव — சர்வதேச இளம் ஓவியர் விழா`,
      award: 'Special jury prize for the most imaginative use of colour and light',
      artworkTitle:
        'The evening light over the river at Varanasi, seen from the ghats in late November',
    });
    const file = path.join(dir, 'long.pdf');
    writeFileSync(file, pdf);
    const boxes = execFileSync(path.join(POPPLER, 'pdftotext'), ['-bbox', file, '-'], {
      encoding: 'utf8',
    });
    const words = [
      ...boxes.matchAll(
        /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
      ),
    ];
    expect(words.map((word) => word[5]).join(' ')).toContain('Special jury prize for the most');
    // The inner rule of the frame is 32 pt in from each edge of the 841.89 × 595.28 pt page.
    for (const [, xMin, yMin, xMax, yMax] of words) {
      expect(Number(xMin)).toBeGreaterThan(32);
      expect(Number(yMin)).toBeGreaterThan(32);
      expect(Number(xMax)).toBeLessThan(841.89 - 32);
      expect(Number(yMax)).toBeLessThan(595.28 - 32);
    }
  });

  it('sets text with line breaks, tabs or nothing at all on one line', async () => {
    const text = poppler(
      'pdftotext',
      await renderCertificatePdf({
        ...merit,
        artistName: ' प्रिया\n\tशर्मा ',
        award: '',
        artworkTitle: '\n',
      }),
    );
    expect(text).toContain('प्रिया शर्मा');
    expect(text).not.toContain('for the work');
  });

  it('gives the same bytes for the same content, and other bytes for other content', async () => {
    const first = await renderCertificatePdf(merit);
    const second = await renderCertificatePdf({ ...merit });
    expect(first.equals(second)).toBe(true);
    const other = await renderCertificatePdf({ ...merit, code: 'K7QX-3MPA-9TZE' });
    expect(first.equals(other)).toBe(false);
  });

  it('leaves the award out of a participation certificate, and an empty artwork title', async () => {
    const text = poppler(
      'pdftotext',
      await renderCertificatePdf({
        ...tamil,
        kind: 'participation',
        award: null,
        artworkTitle: '',
      }),
    );
    expect(text).toContain('Certificate of Participation');
    expect(text).toContain('presented to');
    expect(text).toContain('அருண் குமார்');
    expect(text).toContain('for taking part in Monsoon Colours — மழைக்கால வண்ணங்கள்');
    expect(text).not.toContain('Certificate of Merit');
    expect(text).not.toContain('First');
    expect(text).not.toContain('for the work');
  });
});

describe('script runs and shaping', () => {
  it('splits text by script, spaces and punctuation staying with the run before them', () => {
    expect(splitByScript('Rangoli 2026 — रंगोली, அருண்!')).toEqual([
      { script: 'latin', text: 'Rangoli 2026 — ' },
      { script: 'devanagari', text: 'रंगोली, ' },
      { script: 'tamil', text: 'அருண்!' },
    ]);
    expect(splitByScript('“क्षितिज”')).toEqual([{ script: 'devanagari', text: '“क्षितिज”' }]);
    expect(splitByScript('')).toEqual([]);
  });

  it('reorders a pre-base matra before its consonant, as Devanagari is written', () => {
    const font = readFileSync(
      path.join(import.meta.dirname, 'fonts/NotoSansDevanagari-Regular.ttf'),
    );
    const shaper = new Shaper(font);
    const [ka] = shaper.shape('क');
    const ki = shaper.shape('कि');
    expect(ki).toHaveLength(2);
    expect(ki[1]?.id).toBe(ka?.id);
    expect(ki[0]?.id).not.toBe(ka?.id);
  });
});
