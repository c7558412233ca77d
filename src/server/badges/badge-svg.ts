/**
 * Draws a badge model as a flat Shields-style SVG with satori: 20 px high, rounded 3 px, the label on
 * #555 and the message on the band colour, 11 px DejaVu Sans (the usual Verdana stand-in) with a
 * 1 px shadow, and a faint top-to-bottom gradient. Section widths follow Shields: the text's advance
 * width from the font's own metrics, rounded up to an odd number, plus 5 px each side.
 *
 * Satori draws text as paths, so the only text in the file is the accessible name, XML-escaped.
 * The drawing depends only on label, message and colours, so it is shared between packages with the
 * same score; the accessible name is added per package.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import type { BadgeModel } from '../../core/badge/badge.ts';
import { type FontMetrics, readFontMetrics } from './font-metrics.ts';

const FONT_FILE = '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff';
const FONT_FAMILY = 'DejaVu Sans';
const FONT_SIZE = 11;
const HEIGHT = 20;
const PADDING = 5;

interface Font {
  data: Buffer;
  metrics: FontMetrics;
  /** One array for every render, so satori parses the font once. */
  satoriFonts: { name: string; data: Buffer; weight: 400; style: 'normal' }[];
}

let font: Font | null = null;

function loadFont(): Font {
  if (font) return font;
  const data = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
  font = {
    data,
    metrics: readFontMetrics(data),
    satoriFonts: [{ name: FONT_FAMILY, data, weight: 400, style: 'normal' }],
  };
  return font;
}

/** Shields rounds text widths up to an odd number of pixels so the text centres on a whole pixel. */
function sectionWidth(text: string, metrics: FontMetrics): number {
  const width = Math.ceil(metrics.textWidth(text, FONT_SIZE));
  return (width % 2 === 0 ? width + 1 : width) + 2 * PADDING;
}

/** Shields' rule: dark text on light backgrounds (brightness above 0.69), white otherwise. */
function textColours(hex: string): { text: string; shadow: string } {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16) / 255);
  const brightness = 0.299 * r! + 0.587 * g! + 0.114 * b!;
  return brightness > 0.69
    ? { text: '#333', shadow: 'rgba(204,204,204,0.3)' }
    : { text: '#fff', shadow: 'rgba(1,1,1,0.3)' };
}

interface Node {
  type: 'div';
  key: null;
  props: { style: Record<string, string | number>; children?: string | Node[] };
}

function div(style: Node['props']['style'], children?: Node['props']['children']): Node {
  return { type: 'div', key: null, props: children === undefined ? { style } : { style, children } };
}

function section(text: string, width: number, background: string): Node {
  const colours = textColours(background);
  return div(
    {
      display: 'flex',
      width,
      height: HEIGHT,
      alignItems: 'center',
      justifyContent: 'center',
      backgroundColor: background,
      color: colours.text,
      textShadow: `0 1px 0 ${colours.shadow}`,
    },
    text,
  );
}

export interface BadgeArtwork {
  width: number;
  height: number;
  /** The SVG's content after its opening tag. */
  inner: string;
}

async function drawArtwork(badge: BadgeModel): Promise<BadgeArtwork> {
  const { metrics, satoriFonts } = loadFont();
  const labelWidth = sectionWidth(badge.label, metrics);
  const messageWidth = sectionWidth(badge.message, metrics);
  const width = labelWidth + messageWidth;
  const tree = div(
    {
      display: 'flex',
      position: 'relative',
      width,
      height: HEIGHT,
      borderRadius: 3,
      overflow: 'hidden',
      fontFamily: FONT_FAMILY,
      fontSize: FONT_SIZE,
    },
    [
      section(badge.label, labelWidth, badge.labelHex),
      section(badge.message, messageWidth, badge.colourHex),
      div({
        position: 'absolute',
        top: 0,
        left: 0,
        width,
        height: HEIGHT,
        backgroundImage: 'linear-gradient(rgba(187,187,187,0.1), rgba(0,0,0,0.1))',
      }),
    ],
  );
  // satori's element type is React's; the plain object above is what JSX compiles to.
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width,
    height: HEIGHT,
    fonts: satoriFonts,
  });
  // satori numbers its ids from zero; a prefix of our own keeps two badges inlined in one page apart.
  const prefix = `afs${createHash('sha256').update(svg).digest('hex').slice(0, 8)}_`;
  return { width, height: HEIGHT, inner: svg.slice(svg.indexOf('>') + 1).replaceAll('satori_', prefix) };
}

/** Room for every one-decimal score and the fixed messages, whatever the catalogue's size. */
const MAX_ARTWORKS = 2048;
const artworks = new Map<string, Promise<BadgeArtwork>>();

/** The drawing for a label, message and colours, drawn once and then reused. */
export function badgeArtwork(badge: BadgeModel): Promise<BadgeArtwork> {
  const key = `${badge.label}\u0000${badge.message}\u0000${badge.labelHex}\u0000${badge.colourHex}`;
  let artwork = artworks.get(key);
  if (!artwork) {
    artwork = drawArtwork(badge);
    if (artworks.size >= MAX_ARTWORKS) artworks.delete(artworks.keys().next().value!);
    artworks.set(key, artwork);
    // A failed drawing is not kept: the next request tries again.
    artwork.catch(() => artworks.delete(key));
  }
  return artwork;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The complete SVG document: the shared drawing under this badge's accessible name. */
export async function renderBadgeSvg(badge: BadgeModel): Promise<string> {
  const artwork = await badgeArtwork(badge);
  const name = escapeXml(badge.title);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${artwork.width}" height="${artwork.height}" ` +
    `viewBox="0 0 ${artwork.width} ${artwork.height}" role="img" aria-label="${name}">` +
    `<title>${name}</title>${artwork.inner}`
  );
}
