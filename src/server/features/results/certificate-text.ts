/*
 * Sets text on a pdfkit page in the certificate's fonts: one font per script and weight, shaped
 * by HarfBuzz (shape-text.ts). Each script run is wrapped in a marked-content span whose
 * /ActualText is the run's own string, so text extraction (pdftotext, copy and paste) returns the
 * exact Unicode even where shaping reordered or merged glyphs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type PDFDocument from 'pdfkit';
import { Shaper, splitByScript, type Script, type ScriptRun } from './shape-text.ts';

type Doc = InstanceType<typeof PDFDocument>;
export type Face = 'sans' | 'sans-bold' | 'serif-bold';

/** A piece of a line in one style. */
export interface Segment {
  text: string;
  style: TextStyle;
}

export interface TextStyle {
  face: Face;
  size: number;
  colour: string;
  /** Extra space between characters, in points (Latin display lines only). */
  tracking?: number;
}

const FONT_DIR = path.join(import.meta.dirname, 'fonts');
/** File per script and face. The serif is Latin only: it sets the fixed English headings. */
const FONT_FILES: Record<Face, Record<Script, string>> = {
  sans: {
    latin: 'NotoSans-Regular.ttf',
    devanagari: 'NotoSansDevanagari-Regular.ttf',
    tamil: 'NotoSansTamil-Regular.ttf',
  },
  'sans-bold': {
    latin: 'NotoSans-Bold.ttf',
    devanagari: 'NotoSansDevanagari-Bold.ttf',
    tamil: 'NotoSansTamil-Bold.ttf',
  },
  'serif-bold': {
    latin: 'NotoSerif-Bold.ttf',
    devanagari: 'NotoSansDevanagari-Bold.ttf',
    tamil: 'NotoSansTamil-Bold.ttf',
  },
};

interface LoadedFont {
  bytes: Buffer;
  shaper: Shaper;
}
/** Read and parsed once per process: every certificate reuses the bytes and HarfBuzz's font. */
const loaded = new Map<string, LoadedFont>();
function loadFont(file: string): LoadedFont {
  let font = loaded.get(file);
  if (!font) {
    const bytes = readFileSync(path.join(FONT_DIR, file));
    font = { bytes, shaper: new Shaper(bytes) };
    loaded.set(file, font);
  }
  return font;
}

/** What this module touches of pdfkit's embedded font: its fontkit font and its layout hook. */
interface FontkitGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface PdfkitPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
interface Layout {
  glyphs: FontkitGlyph[];
  positions: PdfkitPosition[];
  advanceWidth: number;
}
interface PdfkitEmbeddedFont {
  font: { getGlyph(id: number, codePoints?: number[]): FontkitGlyph };
  scale: number;
  layout: (text: string) => Layout;
}

/**
 * Replaces the layout of pdfkit's font with HarfBuzz's. pdfkit then embeds, subsets, writes the
 * widths and places the glyphs (offsets included) as usual. Positions are in pdfkit's 1/1000 em.
 */
function useHarfBuzz(target: PdfkitEmbeddedFont, shaper: Shaper): void {
  const cache = new Map<string, Layout>();
  target.layout = (text: string) => {
    const cached = cache.get(text);
    if (cached) return cached;
    const shaped = shaper.shape(text);
    const glyphs: FontkitGlyph[] = [];
    const positions: PdfkitPosition[] = [];
    let advanceWidth = 0;
    shaped.forEach((g, i) => {
      // The first glyph of a cluster maps back to the cluster's characters (ToUnicode, for
      // readers without /ActualText); the others map to nothing.
      const clusterStart = i === 0 || shaped[i - 1]?.cluster !== g.cluster;
      const clusterEnd = shaped.find((next, j) => j > i && next.cluster !== g.cluster)?.cluster;
      const chars = clusterStart ? text.slice(g.cluster, clusterEnd ?? text.length) : '';
      const codePoints = [...chars].map((c) => c.codePointAt(0) ?? 0);
      const glyph = target.font.getGlyph(g.id, codePoints);
      glyphs.push(glyph);
      positions.push({
        xAdvance: g.xAdvance * target.scale,
        yAdvance: g.yAdvance * target.scale,
        xOffset: g.xOffset * target.scale,
        yOffset: g.yOffset * target.scale,
        advanceWidth: glyph.advanceWidth * target.scale,
      });
      advanceWidth += g.xAdvance * target.scale;
    });
    const layout = { glyphs, positions, advanceWidth };
    cache.set(text, layout);
    return layout;
  };
}

/** The certificate's typesetter for one document. */
export class Typesetter {
  private readonly selected = new Set<string>();
  private readonly doc: Doc;

  constructor(doc: Doc) {
    this.doc = doc;
  }

  /** Selects the font for a run (registering it in this document the first time). */
  private select(file: string, size: number): void {
    const doc = this.doc;
    if (!this.selected.has(file)) {
      const font = loadFont(file);
      doc.registerFont(file, font.bytes);
      doc.font(file);
      const embedded = (doc as unknown as { _font?: Partial<PdfkitEmbeddedFont> })._font;
      if (typeof embedded?.layout !== 'function' || typeof embedded.font?.getGlyph !== 'function')
        throw new Error('pdfkit changed its embedded font: the certificate cannot shape text');
      useHarfBuzz(embedded as PdfkitEmbeddedFont, font.shaper);
      this.selected.add(file);
    }
    doc.font(file).fontSize(size);
  }

  private runs(text: string, style: TextStyle): (ScriptRun & { file: string; width: number })[] {
    return splitByScript(text).map((run) => {
      const file = FONT_FILES[style.face][run.script];
      this.select(file, style.size);
      const tracking = (style.tracking ?? 0) * [...run.text].length;
      return { ...run, file, width: this.doc.widthOfString(run.text) + tracking };
    });
  }

  /** Width of a line of segments, each in its own style. */
  width(line: readonly Segment[]): number {
    let sum = 0;
    for (const segment of line)
      for (const run of this.runs(segment.text, segment.style)) sum += run.width;
    return sum;
  }

  /** The line at the largest scale up to 1 that fits in maxWidth. */
  fit(line: readonly Segment[], maxWidth: number): Segment[] {
    return scaled(line, Math.min(1, maxWidth / this.width(line)));
  }

  /**
   * Breaks a line at spaces into lines no wider than maxWidth (a longer word keeps a line to
   * itself). Each line keeps its trailing space: trimEnd() takes it off before drawing.
   */
  wrap(line: readonly Segment[], maxWidth: number): Segment[][] {
    const lines: Segment[][] = [];
    let current: Segment[] = [];
    let width = 0;
    for (const { text, style } of line) {
      for (const word of text.match(/\s*\S+\s*|\s+/g) ?? []) {
        const inked = this.width([{ text: word.trimEnd(), style }]);
        if (current.length > 0 && width + inked > maxWidth) {
          lines.push(current);
          current = [];
          width = 0;
        }
        const last = current.at(-1);
        if (last?.style === style) last.text += word;
        else current.push({ text: word, style });
        width += this.width([{ text: word, style }]);
      }
    }
    if (current.length > 0) lines.push(current);
    return lines;
  }

  /** Draws a line centred on centreX with its alphabetic baseline at baselineY; returns its width. */
  centred(line: readonly Segment[], centreX: number, baselineY: number): number {
    const width = this.width(line);
    let x = centreX - width / 2;
    for (const { text, style } of line) {
      this.doc.fillColor(style.colour);
      for (const run of this.runs(text, style)) {
        this.select(run.file, style.size);
        this.withActualText(run.text, () =>
          this.doc.text(run.text, x, baselineY, {
            lineBreak: false,
            baseline: 'alphabetic',
            characterSpacing: style.tracking ?? 0,
          }),
        );
        x += run.width;
      }
    }
    return width;
  }

  /**
   * Wraps the text object that draw() writes in a span with /ActualText. The span goes inside
   * pdfkit's BT … ET, where the graphics state is the one the glyphs were drawn in: a reader
   * places the actual text by the state at the span's end (poppler does), and pdfkit's own
   * markContent() would close it after the state is restored, with the page's flipped matrix.
   */
  private withActualText(actual: string, draw: () => void): void {
    const doc = this.doc;
    const addContent = doc.addContent;
    const span = `/Span <</ActualText ${utf16Hex(actual)}>> BDC`;
    doc.addContent = (data: string) => {
      if (data === 'ET') addContent.call(doc, 'EMC');
      addContent.call(doc, data);
      if (data === 'BT') addContent.call(doc, span);
      return doc;
    };
    try {
      draw();
    } finally {
      doc.addContent = addContent;
    }
  }
}

/** The line with every size multiplied by scale. */
export function scaled(line: readonly Segment[], scale: number): Segment[] {
  return line.map(({ text, style }) => ({ text, style: { ...style, size: style.size * scale } }));
}

/** The line without the spaces at its end. */
export function trimEnd(line: readonly Segment[]): Segment[] {
  const trimmed = line.map((segment) => ({ ...segment }));
  while (trimmed.length > 0) {
    const last = trimmed[trimmed.length - 1] as Segment;
    last.text = last.text.trimEnd();
    if (last.text) break;
    trimmed.pop();
  }
  return trimmed;
}

/** A PDF text string as hex: UTF-16BE with its byte order mark. */
function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}
