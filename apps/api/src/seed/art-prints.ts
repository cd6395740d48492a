/**
 * The printed fabrics of the demo art (SVG <pattern>s: adire, ankara, aso-oke, mudcloth,
 * leaf, dots, deco), drawn in the picture's palette, and the drawing context they share with
 * art.ts.
 */
import { type ArtTheme, luminance, mix, n, type Palette, type PrintStyle } from './art-palettes.ts';
import type { Random } from './random.ts';

export interface Ctx {
  rng: Random;
  palette: Palette;
  ink: (i: number) => string;
  theme: ArtTheme;
  /** The colour name the picture is drawn in, if any. */
  colour?: string;
}

// ---------------------------------------------------------------------------------------
// Prints (SVG <pattern>s)

export function print(id: string, style: PrintStyle, ctx: Ctx, scale = 1): string {
  const { rng } = ctx;
  const [a, b, c, d] = [ctx.ink(0), ctx.ink(1), ctx.ink(2), ctx.ink(3)];
  const rotate = rng.pick([0, 0, 45, -30, 15]);
  const open = (w: number, h: number) =>
    `<pattern id="${id}" width="${n(w * scale)}" height="${n(h * scale)}" patternUnits="userSpaceOnUse" patternTransform="rotate(${rotate})"><g transform="scale(${scale})">`;
  const close = '</g></pattern>';
  switch (style) {
    case 'adire': {
      // Indigo resist-dye cells, each with its own motif, drawn in the light dye colour.
      const base = a;
      const line = luminance(a) > 0.45 ? mix(a, '#1f2a5a', 0.75) : mix(b, '#ffffff', 0.2);
      const motifs = [
        (x: number, y: number) =>
          `<circle cx="${x + 30}" cy="${y + 30}" r="22" fill="none" stroke="${line}" stroke-width="3"/><circle cx="${x + 30}" cy="${y + 30}" r="13" fill="none" stroke="${line}" stroke-width="3"/><circle cx="${x + 30}" cy="${y + 30}" r="4" fill="${line}"/>`,
        (x: number, y: number) =>
          [0, 1, 2]
            .flatMap((i) =>
              [0, 1, 2].map((j) => `<circle cx="${x + 12 + i * 18}" cy="${y + 12 + j * 18}" r="4" fill="${line}"/>`),
            )
            .join(''),
        (x: number, y: number) =>
          [0, 1, 2, 3]
            .map(
              (i) =>
                `<line x1="${x + 6}" y1="${y + 10 + i * 13}" x2="${x + 54}" y2="${y + 10 + i * 13}" stroke="${line}" stroke-width="3"/>`,
            )
            .join(''),
        (x: number, y: number) =>
          `<rect x="${x + 8}" y="${y + 8}" width="44" height="44" fill="none" stroke="${line}" stroke-width="3"/><rect x="${x + 19}" y="${y + 19}" width="22" height="22" fill="none" stroke="${line}" stroke-width="3"/>`,
        (x: number, y: number) =>
          `<path d="M${x + 6} ${y + 30} Q${x + 18} ${y + 10} ${x + 30} ${y + 30} T${x + 54} ${y + 30}" fill="none" stroke="${line}" stroke-width="3"/><path d="M${x + 6} ${y + 46} Q${x + 18} ${y + 26} ${x + 30} ${y + 46} T${x + 54} ${y + 46}" fill="none" stroke="${line}" stroke-width="3"/>`,
        (x: number, y: number) =>
          `<path d="M${x + 30} ${y + 6} L${x + 54} ${y + 30} L${x + 30} ${y + 54} L${x + 6} ${y + 30} Z" fill="none" stroke="${line}" stroke-width="3"/><circle cx="${x + 30}" cy="${y + 30}" r="6" fill="${line}"/>`,
      ];
      const chosen = rng.shuffle(motifs).slice(0, 4);
      const cells = chosen.map((m, i) => m((i % 2) * 60, Math.floor(i / 2) * 60)).join('');
      const grid = `<path d="M0 60 H120 M60 0 V120" stroke="${line}" stroke-width="1.5" opacity="0.6"/>`;
      return `${open(120, 120)}<rect width="120" height="120" fill="${base}"/>${cells}${grid}${close}`;
    }
    case 'ankara': {
      // Bold wax-print rings in an offset grid.
      const rings = (cx: number, cy: number, colours: string[]) =>
        colours.map((col, i) => `<circle cx="${cx}" cy="${cy}" r="${46 - i * 12}" fill="${col}"/>`).join('');
      return `${open(140, 140)}<rect width="140" height="140" fill="${d}"/>${rings(70, 70, [a, b, c, a])}${rings(0, 0, [b, a, c, b])}${rings(140, 0, [b, a, c, b])}${rings(0, 140, [b, a, c, b])}${rings(140, 140, [b, a, c, b])}<circle cx="70" cy="0" r="6" fill="${a}"/><circle cx="0" cy="70" r="6" fill="${a}"/><circle cx="140" cy="70" r="6" fill="${a}"/><circle cx="70" cy="140" r="6" fill="${a}"/>${close}`;
    }
    case 'leaf': {
      const leaf = (x: number, y: number, r: number, col: string) =>
        `<g transform="translate(${x} ${y}) rotate(${r})"><path d="M0 -34 Q22 0 0 34 Q-22 0 0 -34 Z" fill="${col}"/><path d="M0 -30 V30" stroke="${d}" stroke-width="2"/></g>`;
      return `${open(110, 110)}<rect width="110" height="110" fill="${d}"/>${leaf(28, 30, 35, a)}${leaf(82, 80, -40, b)}${leaf(84, 22, 100, c)}${leaf(24, 86, -100, a)}<circle cx="55" cy="55" r="5" fill="${b}"/>${close}`;
    }
    case 'aso-oke': {
      // Hand-woven strip cloth: bands of colour with a weft tick.
      const bands = rng.shuffle([a, b, c, d, a, c]);
      const widths = bands.map(() => rng.int(8, 30));
      let x = 0;
      const rects = bands
        .map((col, i) => {
          const w = widths[i] ?? 10;
          const r = `<rect x="${x}" y="0" width="${w}" height="40" fill="${col}"/>`;
          x += w;
          return r;
        })
        .join('');
      const total = x;
      const ticks = Array.from(
        { length: Math.floor(total / 12) },
        (_, i) => `<rect x="${i * 12 + 3}" y="18" width="5" height="3" fill="${mix(d, '#ffffff', 0.3)}" opacity="0.8"/>`,
      ).join('');
      return `${open(total, 40)}${rects}${ticks}${close}`;
    }
    case 'mudcloth': {
      const base = a;
      const line = luminance(a) > 0.45 ? mix(a, '#2e2a26', 0.8) : mix(c, '#fbf2e6', 0.5);
      return `${open(100, 100)}<rect width="100" height="100" fill="${base}"/><path d="M0 20 L12.5 8 L25 20 L37.5 8 L50 20 L62.5 8 L75 20 L87.5 8 L100 20" fill="none" stroke="${line}" stroke-width="3"/>${[10, 30, 50, 70, 90].map((x) => `<circle cx="${x}" cy="42" r="3.5" fill="${line}"/>`).join('')}<path d="M20 62 v20 M10 72 h20 M70 62 v20 M60 72 h20" stroke="${line}" stroke-width="3"/><path d="M45 64 h10 v16 h-10 z" fill="none" stroke="${line}" stroke-width="2.5"/>${close}`;
    }
    case 'dots': {
      const base = ctx.palette.light;
      return `${open(60, 60)}<rect width="60" height="60" fill="${base}"/><circle cx="15" cy="15" r="5" fill="${a}" opacity="0.55"/><circle cx="45" cy="45" r="5" fill="${b}" opacity="0.55"/><circle cx="45" cy="15" r="2" fill="${a}" opacity="0.5"/><circle cx="15" cy="45" r="2" fill="${b}" opacity="0.5"/>${close}`;
    }
    case 'deco': {
      // Art-deco fans in fine gold lines, for the jewellery backdrops.
      const bg = ctx.palette.bg[0] ?? '#1b1f3b';
      const arcs = [40, 30, 20, 10]
        .map((r) => `<path d="M${40 - r} 40 A${r} ${r} 0 0 1 ${40 + r} 40" fill="none" stroke="${a}" stroke-width="1.4"/>`)
        .join('');
      return `${open(80, 40)}<rect width="80" height="40" fill="${bg}"/>${arcs}<g transform="translate(40 -20)">${arcs}</g><g transform="translate(-40 -20)">${arcs}</g>${close}`;
    }
  }
}
