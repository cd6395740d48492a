/**
 * Demo product art, drawn as SVG and rendered by sharp, so the demo shop has real-looking
 * images with no network and no binary files in the repository. Each category has its own
 * palettes and motifs: adire and ankara prints on garment silhouettes for Women and Men,
 * glass and jar silhouettes for Beauty, gold line-art on deep colours for Jewellery,
 * vases, cushions and framed prints for Home. A seed picks the palette, print and backdrop,
 * so the same seed always gives the same picture (and, the id being a content hash, the
 * same image id).
 */
import sharp from 'sharp';
import type { ImageService } from '../media/index.ts';
import {
  ART_KINDS,
  type ArtKind,
  type ArtSpec,
  type ArtTheme,
  COLOUR_HEX,
  colourPalette,
  METALS,
  mix,
  n,
  PALETTES,
  PRINTS,
} from './art-palettes.ts';
import { type Ctx, print } from './art-prints.ts';
import { createRandom } from './random.ts';

export { ART_KINDS, type ArtKind, type ArtSpec, type ArtTheme, COLOUR_HEX };

// ---------------------------------------------------------------------------------------
// Objects, drawn in a 800×1000 box; the floor is at y≈900.

/** Garment outlines, centred on x=400. */
const GARMENTS = {
  'maxi-dress':
    'M335 140 L365 140 L400 230 L435 140 L465 140 Q470 210 490 250 L455 380 L600 900 Q400 935 200 900 L345 380 L310 250 Q330 210 335 140 Z',
  'midi-dress':
    'M340 140 Q400 190 460 140 L510 158 Q568 190 562 268 L502 282 L472 276 L455 400 L565 770 Q400 805 235 770 L345 400 L328 276 L298 282 L238 268 Q232 190 290 158 Z',
  top: 'M340 220 Q400 265 460 220 L520 240 L590 350 L540 380 L490 320 L470 470 L530 590 Q400 615 270 590 L330 470 L310 320 L260 380 L210 350 L280 240 Z',
  skirt: 'M330 250 L470 250 L470 290 L585 800 Q400 835 215 800 L330 290 Z',
  'two-piece':
    'M345 150 Q400 192 455 150 L512 170 L565 262 L522 284 L486 240 L482 370 L318 370 L314 240 L278 284 L235 262 L288 170 Z M318 400 L482 400 L535 900 L418 900 L400 560 L382 900 L265 900 Z',
  shirt:
    'M330 170 L370 158 L400 200 L430 158 L470 170 L560 212 L612 362 L546 388 L515 302 L515 790 Q400 812 285 790 L285 302 L254 388 L188 362 L240 212 Z',
  kaftan: 'M350 140 Q400 178 450 140 L500 150 L650 300 L606 384 L520 320 L525 900 L275 900 L280 320 L194 384 L150 300 L300 150 Z',
  trousers: 'M298 160 L502 160 L502 200 L528 900 L414 900 L400 430 L386 900 L272 900 L298 200 Z',
} as const;

function garment(kind: keyof typeof GARMENTS, ctx: Ctx, fill: string): string {
  const d = GARMENTS[kind];
  const edge = mix(ctx.ink(0), '#000000', 0.35);
  let extra = '';
  if (kind === 'maxi-dress' || kind === 'midi-dress') {
    const y = kind === 'maxi-dress' ? 370 : 390;
    extra = `<rect x="300" y="${y}" width="200" height="24" fill="${ctx.ink(1)}" clip-path="url(#shape)"/>`;
  } else if (kind === 'skirt') {
    extra = `<rect x="300" y="250" width="200" height="40" fill="${ctx.ink(1)}"/><path d="M360 300 L330 810 M400 300 V815 M440 300 L470 810" stroke="${edge}" stroke-width="2" opacity="0.25"/>`;
  } else if (kind === 'shirt') {
    const btn = [270, 350, 430, 510, 590, 670]
      .map((y) => `<circle cx="400" cy="${y}" r="6" fill="${ctx.palette.light}" stroke="${edge}" stroke-width="1.5"/>`)
      .join('');
    extra = `<path d="M370 158 L400 200 L384 240 L350 184 Z M430 158 L400 200 L416 240 L450 184 Z" fill="${ctx.ink(1)}" stroke="${edge}" stroke-width="2"/><path d="M400 200 V800" stroke="${edge}" stroke-width="2" opacity="0.5"/>${btn}<rect x="440" y="300" width="50" height="56" rx="4" fill="none" stroke="${edge}" stroke-width="2" opacity="0.5"/>`;
  } else if (kind === 'kaftan') {
    const gold = ctx.theme === 'men' ? '#c9a227' : ctx.ink(1);
    const dots = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<circle cx="400" cy="${200 + i * 28}" r="5" fill="${gold}"/>`).join('');
    extra = `<path d="M350 140 Q400 178 450 140" fill="none" stroke="${gold}" stroke-width="10"/><path d="M385 170 V420 M415 170 V420" stroke="${gold}" stroke-width="4"/>${dots}<path d="M520 320 L606 384 M280 320 L194 384" stroke="${edge}" stroke-width="2" opacity="0.3"/>`;
  } else if (kind === 'trousers') {
    extra = `<rect x="298" y="160" width="204" height="40" fill="${ctx.ink(1)}" opacity="0.85"/><path d="M340 215 L330 890 M460 215 L470 890" stroke="${edge}" stroke-width="2" opacity="0.3"/>`;
  } else if (kind === 'top') {
    extra = `<path d="M330 470 Q400 490 470 470" fill="none" stroke="${ctx.ink(1)}" stroke-width="10"/>`;
  } else if (kind === 'two-piece') {
    extra = `<rect x="318" y="400" width="164" height="26" fill="${ctx.ink(1)}"/>`;
  }
  return `<defs><clipPath id="shape"><path d="${d}"/></clipPath></defs>
<path d="${d}" fill="${fill}"/>
<path d="${d}" fill="url(#shade)"/>
${extra}
<path d="${d}" fill="none" stroke="${edge}" stroke-width="3" stroke-linejoin="round" opacity="0.55"/>`;
}

function glassGradient(id: string, colour: string): string {
  return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${mix(colour, '#000000', 0.25)}"/><stop offset="0.35" stop-color="${mix(colour, '#ffffff', 0.25)}"/><stop offset="0.7" stop-color="${colour}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.35)}"/></linearGradient>`;
}

const GOLD = metal('Gold');

function label(x: number, y: number, w: number, h: number, ctx: Ctx): string {
  const ink = ctx.ink(3);
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${ctx.ink(2)}"/><rect x="${x + w * 0.2}" y="${y + h * 0.28}" width="${w * 0.6}" height="${Math.max(6, h * 0.1)}" rx="3" fill="${ink}"/><rect x="${x + w * 0.3}" y="${y + h * 0.5}" width="${w * 0.4}" height="4" rx="2" fill="${ink}" opacity="0.6"/><rect x="${x + w * 0.34}" y="${y + h * 0.64}" width="${w * 0.32}" height="4" rx="2" fill="${ink}" opacity="0.6"/>`;
}

function beauty(kind: ArtKind, ctx: Ctx): string {
  const glass = ctx.ink(0);
  const cap = ctx.ink(1);
  const defs = `<defs>${glassGradient('glass', glass)}${glassGradient('cap', cap)}${GOLD}</defs>`;
  const shine = (x: number, y: number, h: number) =>
    `<rect x="${x}" y="${y}" width="14" height="${h}" rx="7" fill="#ffffff" opacity="0.35"/>`;
  switch (kind) {
    case 'dropper':
      return `${defs}<path d="M372 260 Q372 200 400 200 Q428 200 428 260 L432 370 L368 370 Z" fill="${ctx.ink(3)}"/><rect x="356" y="366" width="88" height="56" rx="8" fill="url(#cap)"/><rect x="372" y="420" width="56" height="36" fill="url(#glass)"/><path d="M330 470 Q330 452 350 452 L450 452 Q470 452 470 470 L470 800 Q470 830 440 830 L360 830 Q330 830 330 800 Z" fill="url(#glass)"/>${label(345, 580, 110, 140, ctx)}${shine(345, 480, 260)}`;
    case 'jar':
      return `${defs}<rect x="240" y="530" width="320" height="80" rx="18" fill="url(#cap)"/><rect x="252" y="600" width="296" height="230" rx="42" fill="url(#glass)"/>${label(300, 650, 200, 130, ctx)}${shine(272, 625, 170)}<path d="M240 560 H560" stroke="#ffffff" stroke-width="3" opacity="0.3"/>`;
    case 'lipstick':
      return `${defs}<path d="M360 470 L360 330 Q360 300 440 270 L440 470 Z" fill="${ctx.ink(3)}"/><path d="M360 330 Q360 300 440 270 L440 300 Q380 320 372 340 Z" fill="#ffffff" opacity="0.25"/><rect x="350" y="462" width="100" height="110" rx="6" fill="url(#gold)"/><rect x="335" y="565" width="130" height="265" rx="10" fill="url(#cap)"/>${shine(348, 585, 220)}<g transform="translate(150 0)" opacity="0.95"><rect x="380" y="640" width="110" height="190" rx="10" fill="url(#cap)"/><rect x="390" y="610" width="90" height="40" rx="6" fill="url(#gold)"/></g>`;
    case 'palette': {
      const pans = [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const col = [
            ctx.ink(0),
            ctx.ink(3),
            ctx.ink(1),
            mix(ctx.ink(0), '#ffffff', 0.4),
            mix(ctx.ink(3), '#ffffff', 0.3),
            mix(ctx.ink(1), '#000000', 0.2),
          ][i];
          return `<circle cx="${300 + (i % 3) * 100}" cy="${660 + Math.floor(i / 3) * 100}" r="40" fill="${col}"/>`;
        })
        .join('');
      return `${defs}<path d="M220 580 L580 580 L580 600 L220 600 Z" fill="url(#gold)"/><rect x="220" y="340" width="360" height="240" rx="26" fill="url(#cap)" opacity="0.9"/><rect x="250" y="370" width="300" height="180" rx="16" fill="#ffffff" opacity="0.25"/><rect x="220" y="600" width="360" height="220" rx="26" fill="url(#cap)"/>${pans}<path d="M520 360 L600 280" stroke="${ctx.ink(3)}" stroke-width="16" stroke-linecap="round"/><path d="M600 280 L630 250" stroke="url(#gold)" stroke-width="22" stroke-linecap="round"/>`;
    }
    case 'perfume':
      return `${defs}<rect x="355" y="300" width="90" height="100" rx="10" fill="url(#gold)"/><rect x="382" y="392" width="36" height="40" fill="url(#gold)"/><path d="M290 470 Q290 430 330 430 L470 430 Q510 430 510 470 L520 790 Q520 830 480 830 L320 830 Q280 830 280 790 Z" fill="url(#glass)" opacity="0.92"/><path d="M320 470 L480 470 L486 790 L314 790 Z" fill="${mix(glass, '#ffffff', 0.3)}" opacity="0.35"/>${label(340, 590, 120, 90, ctx)}${shine(305, 460, 320)}`;
    case 'pump':
      return `${defs}<path d="M372 300 L470 300 L470 330 L420 330 L420 360 L380 360 L380 330 L372 330 Z" fill="${ctx.ink(3)}"/><rect x="365" y="356" width="70" height="60" rx="8" fill="url(#cap)"/><path d="M338 450 Q338 414 372 414 L428 414 Q462 414 462 450 L462 810 Q462 832 440 832 L360 832 Q338 832 338 810 Z" fill="url(#glass)"/>${label(350, 560, 100, 170, ctx)}${shine(350, 440, 330)}`;
    default:
      return '';
  }
}

/** The metal gradient (id "gold") for a jewellery colour: gold unless the colour names a metal. */
function metal(colour: string | undefined): string {
  const [a, b, c, d] = METALS[colour ?? ''] ?? METALS.Gold!;
  return `<linearGradient id="gold" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="0.45" stop-color="${b}"/><stop offset="0.7" stop-color="${c}"/><stop offset="1" stop-color="${d}"/></linearGradient>`;
}

function jewellery(kind: ArtKind, ctx: Ctx): string {
  // A stone-coloured piece (coral, pearl, emerald) has stones of its colour; a metal-coloured one keeps the theme's stone.
  const stone = ctx.colour && !METALS[ctx.colour] ? (COLOUR_HEX[ctx.colour] ?? ctx.ink(2)) : (ctx.palette.ink[2] ?? '#e8734a');
  const defs = `<defs>${metal(ctx.colour)}<radialGradient id="stone" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${mix(stone, '#ffffff', 0.6)}"/><stop offset="0.5" stop-color="${stone}"/><stop offset="1" stop-color="${mix(stone, '#000000', 0.4)}"/></radialGradient></defs>`;
  switch (kind) {
    case 'necklace': {
      // A bust of velvet, then a chain of beads with a pendant.
      const beads: string[] = [];
      for (let i = 0; i <= 22; i++) {
        const t = i / 22;
        const x = 250 + 300 * t;
        const y = 250 + 300 * Math.sin(Math.PI * t) ** 1.3;
        beads.push(
          `<circle cx="${n(x)}" cy="${n(y)}" r="${i % 3 === 0 ? 11 : 7}" fill="${i % 3 === 0 ? 'url(#stone)' : 'url(#gold)'}"/>`,
        );
      }
      const bust = mix(ctx.palette.bg[0] ?? '#333333', '#000000', 0.35);
      return `${defs}<path d="M300 120 L300 230 Q300 300 200 330 Q120 360 120 460 L120 900 L680 900 L680 460 Q680 360 600 330 Q500 300 500 230 L500 120 Z" fill="${bust}"/>${beads.join('')}<path d="M400 555 L400 590" stroke="url(#gold)" stroke-width="6"/><path d="M400 590 Q440 640 400 700 Q360 640 400 590 Z" fill="url(#gold)"/><circle cx="400" cy="648" r="18" fill="url(#stone)"/>`;
    }
    case 'earrings': {
      const one = (x: number) =>
        `<circle cx="${x}" cy="330" r="16" fill="url(#gold)"/><path d="M${x} 346 V380" stroke="url(#gold)" stroke-width="5"/><circle cx="${x}" cy="520" r="130" fill="none" stroke="url(#gold)" stroke-width="16"/><circle cx="${x}" cy="520" r="100" fill="none" stroke="url(#gold)" stroke-width="4" stroke-dasharray="4 10"/><path d="M${x - 24} 650 Q${x} 720 ${x + 24} 650 Z" fill="url(#stone)"/>`;
      return `${defs}${one(265)}${one(535)}`;
    }
    case 'bracelet':
      return `${defs}${[0, 1, 2, 3]
        .map((i) => {
          const y = 430 + i * 80;
          const w = [14, 26, 10, 20][i];
          return `<ellipse cx="400" cy="${y}" rx="${230 - i * 6}" ry="80" fill="none" stroke="url(#gold)" stroke-width="${w}"/>`;
        })
        .join('')}${[0, 1, 2, 3, 4, 5, 6]
        .map((i) => {
          const a = Math.PI * (0.15 + (i / 6) * 0.7);
          return `<circle cx="${n(400 - 224 * Math.cos(a))}" cy="${n(510 + 80 * Math.sin(a))}" r="10" fill="url(#stone)"/>`;
        })
        .join('')}`;
    case 'ring':
      return `${defs}<ellipse cx="400" cy="600" rx="180" ry="175" fill="none" stroke="url(#gold)" stroke-width="34"/><ellipse cx="400" cy="600" rx="150" ry="146" fill="none" stroke="#000000" stroke-width="4" opacity="0.2"/><path d="M340 425 L460 425 L430 470 L370 470 Z" fill="url(#gold)"/><path d="M330 370 L470 370 L500 405 L400 480 L300 405 Z" fill="url(#stone)"/><path d="M330 370 L360 405 L400 370 L440 405 L470 370 M300 405 H500 M360 405 L400 480 L440 405" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.55"/>`;
    default:
      return '';
  }
}

function home(kind: ArtKind, ctx: Ctx, fill: string): string {
  const edge = mix(ctx.ink(0), '#000000', 0.4);
  switch (kind) {
    case 'cushion': {
      // Two cushions: a plain one behind, the printed one in front, with corner tassels.
      const d = 'M210 440 Q420 400 630 440 Q670 640 630 840 Q420 880 210 840 Q170 640 210 440 Z';
      const tassel = (x: number, y: number) => `<path d="M${x} ${y} l-12 34 h24 z" fill="${ctx.ink(1)}"/>`;
      const back = `<g transform="translate(-95 -120) rotate(-8 420 640) scale(0.92)"><path d="${d}" fill="${ctx.ink(1)}"/><path d="M230 470 Q420 436 610 470" fill="none" stroke="${ctx.palette.light}" stroke-width="5" stroke-dasharray="14 10" opacity="0.7"/><path d="${d}" fill="url(#shade)"/><path d="${d}" fill="none" stroke="${edge}" stroke-width="3" opacity="0.4"/></g>`;
      return `${back}<defs><clipPath id="shape"><path d="${d}"/></clipPath></defs><path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#shade)"/><path d="${d}" fill="none" stroke="${edge}" stroke-width="3" opacity="0.5"/>${tassel(210, 440)}${tassel(630, 440)}${tassel(210, 840)}${tassel(630, 840)}`;
    }
    case 'vase': {
      const d = 'M350 330 L450 330 L445 380 Q560 450 560 610 Q560 780 470 870 L330 870 Q240 780 240 610 Q240 450 355 380 Z';
      const stems = [
        'M400 330 Q380 220 330 120',
        'M405 330 Q430 200 470 110',
        'M398 330 Q400 210 400 90',
        'M402 330 Q460 260 540 200',
        'M398 330 Q340 270 270 230',
      ]
        .map(
          (p) =>
            `<path d="${p}" fill="none" stroke="${mix(ctx.ink(1), '#000000', 0.2)}" stroke-width="4" stroke-linecap="round"/>`,
        )
        .join('');
      const plumes = [
        [330, 120],
        [470, 110],
        [400, 90],
        [540, 200],
        [270, 230],
      ]
        .map(
          ([x, y]) =>
            `<ellipse cx="${x}" cy="${y}" rx="26" ry="60" fill="${mix(ctx.ink(1), '#ffffff', 0.45)}" transform="rotate(${((x ?? 400) - 400) / 6} ${x} ${y})"/>`,
        )
        .join('');
      return `${stems}${plumes}<defs><clipPath id="shape"><path d="${d}"/></clipPath></defs><path d="${d}" fill="${ctx.ink(0)}"/><rect x="200" y="560" width="400" height="120" fill="${fill}" clip-path="url(#shape)"/><path d="M200 540 H600 M200 700 H600" stroke="${ctx.ink(3)}" stroke-width="8" clip-path="url(#shape)"/><path d="${d}" fill="url(#shade)"/><path d="${d}" fill="none" stroke="${edge}" stroke-width="3" opacity="0.5"/>`;
    }
    case 'wall-art': {
      const sun = ctx.ink(1);
      return `<rect x="170" y="150" width="460" height="600" fill="${mix(ctx.ink(0), '#3b2416', 0.5)}"/><rect x="190" y="170" width="420" height="560" fill="${ctx.palette.light}"/><rect x="230" y="210" width="340" height="480" fill="${mix(ctx.palette.bg[0] ?? '#eeeeee', '#ffffff', 0.3)}"/><circle cx="460" cy="330" r="70" fill="${sun}"/><path d="M230 690 L230 520 Q320 430 410 520 L410 690 Z" fill="${ctx.ink(0)}"/><path d="M360 690 L360 580 A105 105 0 0 1 570 580 L570 690 Z" fill="${ctx.ink(2)}"/><path d="M230 690 H570" stroke="${ctx.ink(3)}" stroke-width="6"/><path d="M400 150 L400 120 M340 150 L400 100 L460 150" fill="none" stroke="${edge}" stroke-width="3"/>`;
    }
    case 'candle':
      return `<defs><radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffe9a8" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe9a8" stop-opacity="0"/></radialGradient><linearGradient id="flame" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset="0.6" stop-color="#f6a623"/><stop offset="1" stop-color="#d0501f"/></linearGradient></defs><circle cx="400" cy="360" r="170" fill="url(#glow)"/><path d="M400 300 Q430 360 400 420 Q370 360 400 300 Z" fill="url(#flame)"/><path d="M400 420 V450" stroke="#2e2a26" stroke-width="4"/><rect x="270" y="440" width="260" height="390" rx="30" fill="${ctx.ink(0)}"/><rect x="282" y="450" width="236" height="40" rx="18" fill="${ctx.palette.light}"/><rect x="270" y="560" width="260" height="160" fill="${fill}"/><rect x="270" y="440" width="260" height="390" rx="30" fill="url(#shade)"/>`;
    case 'tableware':
      return `<ellipse cx="400" cy="720" rx="300" ry="120" fill="${ctx.palette.light}"/><ellipse cx="400" cy="720" rx="300" ry="120" fill="none" stroke="${edge}" stroke-width="2" opacity="0.4"/><ellipse cx="400" cy="720" rx="250" ry="96" fill="${fill}"/><ellipse cx="400" cy="720" rx="200" ry="76" fill="${ctx.palette.light}"/><path d="M240 560 Q240 690 400 700 Q560 690 560 560 Z" fill="${ctx.ink(0)}"/><ellipse cx="400" cy="560" rx="160" ry="40" fill="${mix(ctx.ink(0), '#000000', 0.25)}"/><path d="M250 600 Q400 640 550 600" fill="none" stroke="${ctx.ink(1)}" stroke-width="10"/><path d="M560 560 Q560 690 400 700" fill="none" stroke="#000000" stroke-width="0" /><rect x="600" y="560" width="16" height="220" rx="8" fill="${ctx.ink(1)}" transform="rotate(15 608 670)"/>`;
    default:
      return '';
  }
}

// ---------------------------------------------------------------------------------------

function backdrop(ctx: Ctx, w: number, h: number, cx = w / 2): string {
  const [bg0 = '#f4e9da', bg1 = '#e8d5bc'] = ctx.palette.bg;
  const style = ctx.rng.pick(['arch', 'circle', 'floor'] as const);
  let shape = '';
  if (style === 'arch') {
    const aw = Math.min(w * 0.6, 480);
    shape = `<path d="M${cx - aw / 2} ${h} L${cx - aw / 2} ${h * 0.34} A${aw / 2} ${aw / 2} 0 0 1 ${cx + aw / 2} ${h * 0.34} L${cx + aw / 2} ${h} Z" fill="${bg1}" opacity="0.7"/>`;
  } else if (style === 'circle') {
    shape = `<circle cx="${cx}" cy="${h * 0.45}" r="${Math.min(w, h) * 0.38}" fill="${bg1}" opacity="0.7"/>`;
  }
  const floor = `<rect x="0" y="${h * 0.88}" width="${w}" height="${h * 0.12}" fill="${mix(bg1, '#000000', 0.06)}" opacity="0.6"/>`;
  const confetti =
    ctx.theme === 'jewellery'
      ? `<rect width="${w}" height="${h}" fill="url(#deco)" opacity="0.18"/>`
      : Array.from({ length: 7 }, () => {
          const x = ctx.rng.int(20, w - 20);
          const y = ctx.rng.int(20, Math.floor(h * 0.8));
          return `<circle cx="${x}" cy="${y}" r="${ctx.rng.int(3, 8)}" fill="${ctx.ink(ctx.rng.int(0, 2))}" opacity="0.25"/>`;
        }).join('');
  const glow =
    ctx.theme === 'jewellery'
      ? `<defs><radialGradient id="spot" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="${ctx.palette.light}"/><stop offset="1" stop-color="${bg1}"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#spot)"/>`
      : '';
  return `<rect width="${w}" height="${h}" fill="${bg0}"/>${glow}${confetti}${shape}${floor}`;
}

const SHADE = `<linearGradient id="shade" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.22"/></linearGradient>`;

function objectArt(spec: ArtSpec, ctx: Ctx): string {
  const { kind } = spec;
  const style = ctx.rng.pick(PRINTS[spec.theme]);
  const scale = ctx.rng.pick([0.6, 0.8, 1]);
  const defs = `<defs>${SHADE}${print('print', style, ctx, scale)}${print('deco', 'deco', ctx, 1)}</defs>`;
  const fill = 'url(#print)';
  const shadow = '<ellipse cx="400" cy="905" rx="230" ry="22" fill="#000000" opacity="0.13"/>';
  let body = '';
  if (kind in GARMENTS) body = garment(kind as keyof typeof GARMENTS, ctx, fill);
  else if (['dropper', 'jar', 'lipstick', 'palette', 'perfume', 'pump'].includes(kind)) body = beauty(kind, ctx);
  else if (['necklace', 'earrings', 'bracelet', 'ring'].includes(kind)) body = jewellery(kind, ctx);
  else body = home(kind, ctx, fill);
  return `${defs}${shadow}${body}`;
}

/** Beauty close-up: swatches of colour, as on a make-up artist's hand. */
function swatches(ctx: Ctx, w: number, h: number): string {
  const shades = [ctx.ink(0), ctx.ink(3), mix(ctx.ink(0), '#ffffff', 0.35), mix(ctx.ink(3), '#ffffff', 0.3), ctx.ink(1)];
  const strokes = shades
    .map((colour, i) => {
      const y = h * (0.16 + i * 0.17);
      const x1 = w * (0.12 + ctx.rng.next() * 0.1);
      const x2 = w * (0.72 + ctx.rng.next() * 0.16);
      const width = ctx.rng.int(84, 118);
      return `<path d="M${n(x1)} ${n(y + 30)} Q${n(w / 2)} ${n(y - 40)} ${n(x2)} ${n(y)}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/><path d="M${n(x1 + 20)} ${n(y + 16)} Q${n(w / 2)} ${n(y - 52)} ${n(x2 - 20)} ${n(y - 12)}" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.35"/>`;
    })
    .join('');
  const powder = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${ctx.rng.int(0, w)}" cy="${ctx.rng.int(0, h)}" r="${ctx.rng.int(2, 6)}" fill="${ctx.ink(ctx.rng.int(0, 3))}" opacity="0.35"/>`,
  ).join('');
  return `<rect width="${w}" height="${h}" fill="${ctx.palette.light}"/>${powder}${strokes}`;
}

/** Jewellery close-up: a scatter of gold beads and links on the deco backdrop. */
function goldScatter(ctx: Ctx, w: number, h: number): string {
  const beads = Array.from({ length: 26 }, () => {
    const x = ctx.rng.int(30, w - 30);
    const y = ctx.rng.int(30, h - 30);
    const r = ctx.rng.int(10, 26);
    return ctx.rng.chance(0.3)
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#stone)"/>`
      : `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#gold)"/><circle cx="${x - r / 3}" cy="${y - r / 3}" r="${r / 4}" fill="#ffffff" opacity="0.5"/>`;
  }).join('');
  const stone = ctx.colour && !METALS[ctx.colour] ? (COLOUR_HEX[ctx.colour] ?? ctx.ink(2)) : ctx.ink(2);
  return `<defs>${metal(ctx.colour)}<radialGradient id="stone" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${mix(stone, '#ffffff', 0.6)}"/><stop offset="0.5" stop-color="${stone}"/><stop offset="1" stop-color="${mix(stone, '#000000', 0.4)}"/></radialGradient>${print('fan', 'deco', ctx, 2)}</defs><rect width="${w}" height="${h}" fill="url(#fan)"/><rect width="${w}" height="${h}" fill="${ctx.palette.bg[1] ?? '#111111'}" opacity="0.5"/><path d="M-20 ${h * 0.3} Q${w / 2} ${h * 0.75} ${w + 20} ${h * 0.35}" fill="none" stroke="url(#gold)" stroke-width="8" stroke-dasharray="18 8" stroke-linecap="round"/>${beads}`;
}

function textureArt(spec: ArtSpec, ctx: Ctx, w: number, h: number): string {
  if (spec.theme === 'beauty') return swatches(ctx, w, h);
  if (spec.theme === 'jewellery') return goldScatter(ctx, w, h);
  const style = ctx.rng.pick(PRINTS[spec.theme]);
  const defs = `<defs>${print('cloth', style, ctx, ctx.rng.pick([1.4, 1.8, 2.2]))}<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></radialGradient></defs>`;
  // A folded cloth: the print with soft diagonal light bands.
  const folds = [0.2, 0.5, 0.8]
    .map(
      (t) =>
        `<path d="M${w * t - 200} 0 L${w * t} 0 L${w * t - 100} ${h} L${w * t - 300} ${h} Z" fill="#ffffff" opacity="0.08"/>`,
    )
    .join('');
  return `${defs}<rect width="${w}" height="${h}" fill="url(#cloth)"/>${folds}<rect width="${w}" height="${h}" fill="url(#vignette)"/>`;
}

/** The SVG source of one picture. */
export function artSvg(spec: ArtSpec): string {
  const rng = createRandom(`${spec.theme}:${spec.kind}:${spec.seed}:${spec.colour ?? ''}`);
  const palettes = PALETTES[spec.theme];
  const themed =
    spec.variant === undefined
      ? rng.pick(palettes)
      : (palettes[(ART_KINDS.indexOf(spec.kind) + spec.variant) % palettes.length] ?? rng.pick(palettes));
  const hex = spec.colour ? COLOUR_HEX[spec.colour] : undefined;
  // Jewellery shows its colour in the metal or the stones; the velvet backdrop keeps the theme's inks.
  const palette = hex && spec.theme !== 'jewellery' ? colourPalette(themed, hex) : themed;
  const ink = (i: number) => palette.ink[i % palette.ink.length] ?? '#333333';
  const ctx: Ctx = { rng, palette, ink, theme: spec.theme, colour: spec.colour };
  const landscape = spec.layout === 'landscape';
  const [w, h] = landscape ? [1600, 900] : [800, 1000];
  let content: string;
  if (spec.kind === 'texture') {
    content = textureArt(spec, ctx, w, h);
  } else if (landscape) {
    // A blog header: a print panel on the left, the object on the right.
    const panel = `<defs><clipPath id="panel"><rect x="0" y="0" width="${w * 0.42}" height="${h}"/></clipPath></defs><g clip-path="url(#panel)">${textureArt({ ...spec, kind: 'texture' }, ctx, w, h)}</g>`;
    content = `${backdrop(ctx, w, h, w * 0.71)}${panel}<g transform="translate(${w * 0.71 - 352} 10) scale(0.88)">${objectArt(spec, ctx)}</g>`;
  } else {
    content = `${backdrop(ctx, w, h)}${objectArt(spec, ctx)}`;
  }
  // 640×800 for products and 1280×720 for posts: flat art stays crisp when scaled up, and
  // the demo's pictures render in seconds on two cores (they are part of the first start).
  const scale = 0.8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w * scale}" height="${h * scale}" viewBox="0 0 ${w} ${h}">${content}</svg>`;
}

export async function renderArt(spec: ArtSpec): Promise<Buffer> {
  // Fast PNG compression: the bytes only travel to the image service, which re-encodes.
  return sharp(Buffer.from(artSvg(spec)))
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * Renders and stores many pictures with at most `concurrency` at a time (sharp's own
 * thread pool does the work; more at once only queues). Resolves to the ids, in order.
 */
export async function renderAll(specs: readonly ArtSpec[], images: ImageService, concurrency = 2): Promise<string[]> {
  const ids: string[] = new Array(specs.length);
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const i = next++;
      const spec = specs[i];
      if (spec) ids[i] = await images.save(await renderArt(spec), { effort: 2 });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, specs.length)) }, worker));
  return ids;
}
