/*
 * Text shaping for the certificate: a string is split into runs by script (Latin, Devanagari,
 * Tamil), each run is shaped by HarfBuzz with its own font, and pdfkit is made to draw HarfBuzz's
 * glyphs. pdfkit's own layout engine (fontkit) has no Indic shaper, so conjuncts and
 * pre-base matras would come out in the wrong form and order (upstream reports:
 * https://github.com/foliojs/fontkit/issues/91, https://github.com/foliojs/pdfkit/issues/1140).
 */
import * as hb from 'harfbuzzjs';

export type Script = 'latin' | 'devanagari' | 'tamil';

export interface ScriptRun {
  script: Script;
  text: string;
}

/** A glyph as HarfBuzz placed it, in font units; cluster is a UTF-16 index into the run. */
export interface ShapedGlyph {
  id: number;
  cluster: number;
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

const isDevanagari = (cp: number) =>
  (cp >= 0x0900 && cp <= 0x097f) ||
  (cp >= 0xa8e0 && cp <= 0xa8ff) ||
  (cp >= 0x1cd0 && cp <= 0x1cff);
const isTamil = (cp: number) => (cp >= 0x0b80 && cp <= 0x0bff) || (cp >= 0x11fc0 && cp <= 0x11fff);
/** Letters of no script of their own: they join the run they stand in. */
const isCommon = (cp: number) =>
  cp < 0x41 ||
  (cp >= 0x5b && cp <= 0x60) ||
  (cp >= 0x7b && cp <= 0xbf) ||
  cp === 0xd7 ||
  cp === 0xf7 ||
  (cp >= 0x2000 && cp <= 0x206f) ||
  cp === 0x25cc;

function scriptOf(cp: number): Script | null {
  if (isDevanagari(cp)) return 'devanagari';
  if (isTamil(cp)) return 'tamil';
  return isCommon(cp) ? null : 'latin';
}

/**
 * Splits text into runs of one script. Spaces, digits and punctuation stay with the run before
 * them (the Indic fonts carry them too), or with the first run when the text starts with them.
 */
export function splitByScript(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    const last = runs.at(-1);
    if (script === null) {
      if (last) last.text += char;
      else pending += char;
    } else if (last?.script === script) {
      last.text += char;
    } else {
      runs.push({ script, text: pending + char });
      pending = '';
    }
  }
  if (pending) runs.push({ script: 'latin', text: pending });
  return runs;
}

/** A HarfBuzz font over one font file's bytes, reused for every run set in that font. */
export class Shaper {
  private readonly font: hb.Font;

  constructor(bytes: Uint8Array) {
    this.font = new hb.Font(new hb.Face(new hb.Blob(bytes)));
  }

  shape(text: string): ShapedGlyph[] {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(this.font, buffer);
    const positions = buffer.getGlyphPositions();
    return buffer.getGlyphInfos().map((info, i) => {
      const position = positions[i] ?? { xAdvance: 0, yAdvance: 0, xOffset: 0, yOffset: 0 };
      return { id: info.codepoint, cluster: info.cluster, ...position };
    });
  }
}
