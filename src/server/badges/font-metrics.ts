/**
 * Advance widths read from a WOFF 1.0 font file, so badge text is sized from the font that draws it
 * (as Shields sizes its text from Verdana's metrics) rather than from a guess per character. Reads
 * only the tables that need: `head` (units per em), `hhea` and `hmtx` (advances) and `cmap`
 * (characters to glyphs). Kerning is ignored, like Shields: the text is centred in its box.
 */
import { inflateSync } from 'node:zlib';

export interface FontMetrics {
  /** Width in pixels of `text` set at `fontSize` px. */
  textWidth(text: string, fontSize: number): number;
}

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

function woffTables(woff: Buffer): Map<string, Buffer> {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('font metrics: not a WOFF 1.0 file');
  const tables = new Map<string, Buffer>();
  const count = woff.readUInt16BE(12);
  for (let index = 0; index < count; index++) {
    const entry = 44 + index * 20;
    const tag = woff.toString('latin1', entry, entry + 4);
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const original = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compressed);
    tables.set(tag, compressed < original ? inflateSync(raw) : raw);
  }
  return tables;
}

function table(tables: Map<string, Buffer>, tag: string): Buffer {
  const found = tables.get(tag);
  if (!found) throw new Error(`font metrics: the font has no ${tag} table`);
  return found;
}

/** Glyph ids of a format 4 (BMP) cmap subtable. */
function readFormat4(cmap: Buffer, start: number, glyphs: Map<number, number>): void {
  const segments = cmap.readUInt16BE(start + 6) / 2;
  const ends = start + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let segment = 0; segment < segments; segment++) {
    const end = cmap.readUInt16BE(ends + segment * 2);
    const first = cmap.readUInt16BE(starts + segment * 2);
    const delta = cmap.readInt16BE(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = cmap.readUInt16BE(rangeOffsetAt);
    for (let code = first; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const at = rangeOffsetAt + rangeOffset + (code - first) * 2;
        const raw = cmap.readUInt16BE(at);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) glyphs.set(code, glyph);
    }
  }
}

/** Glyph ids of a format 12 (full Unicode) cmap subtable. */
function readFormat12(cmap: Buffer, start: number, glyphs: Map<number, number>): void {
  const groups = cmap.readUInt32BE(start + 12);
  for (let group = 0; group < groups; group++) {
    const at = start + 16 + group * 12;
    const first = cmap.readUInt32BE(at);
    const last = cmap.readUInt32BE(at + 4);
    const glyph = cmap.readUInt32BE(at + 8);
    for (let code = first; code <= last; code++) glyphs.set(code, glyph + code - first);
  }
}

function characterGlyphs(cmap: Buffer): Map<number, number> {
  const glyphs = new Map<number, number>();
  const subtables = cmap.readUInt16BE(2);
  for (let index = 0; index < subtables; index++) {
    const platform = cmap.readUInt16BE(4 + index * 8);
    const encoding = cmap.readUInt16BE(6 + index * 8);
    const offset = cmap.readUInt32BE(8 + index * 8);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = cmap.readUInt16BE(offset);
    if (format === 4) readFormat4(cmap, offset, glyphs);
    else if (format === 12) readFormat12(cmap, offset, glyphs);
  }
  return glyphs;
}

function advanceWidths(hhea: Buffer, hmtx: Buffer, maxp: Buffer): number[] {
  const metrics = hhea.readUInt16BE(34);
  const glyphCount = maxp.readUInt16BE(4);
  const widths: number[] = [];
  for (let glyph = 0; glyph < metrics; glyph++) widths.push(hmtx.readUInt16BE(glyph * 4));
  // Glyphs past numberOfHMetrics repeat the last advance (monospaced runs).
  for (let glyph = metrics; glyph < glyphCount; glyph++) widths.push(widths[metrics - 1]!);
  return widths;
}

export function readFontMetrics(woff: Buffer): FontMetrics {
  const tables = woffTables(woff);
  const unitsPerEm = table(tables, 'head').readUInt16BE(18);
  const glyphs = characterGlyphs(table(tables, 'cmap'));
  const widths = advanceWidths(table(tables, 'hhea'), table(tables, 'hmtx'), table(tables, 'maxp'));
  const missing = widths[0] ?? unitsPerEm / 2;
  return {
    textWidth(text: string, fontSize: number): number {
      let units = 0;
      for (const character of text) {
        const glyph = glyphs.get(character.codePointAt(0)!);
        units += glyph === undefined ? missing : (widths[glyph] ?? missing);
      }
      return (units * fontSize) / unitsPerEm;
    },
  };
}
