/**
 * What the demo art is drawn from: the kinds of picture, each theme's palettes and prints,
 * the catalogue's colour names as hex, the jewellery metals, and the colour arithmetic the
 * drawing (art.ts) uses.
 */
export const ART_KINDS = [
  // Women
  'maxi-dress',
  'midi-dress',
  'top',
  'skirt',
  'two-piece',
  // Men
  'shirt',
  'kaftan',
  'trousers',
  // Beauty
  'dropper',
  'jar',
  'lipstick',
  'palette',
  'perfume',
  'pump',
  // Jewellery
  'necklace',
  'earrings',
  'bracelet',
  'ring',
  // Home
  'cushion',
  'vase',
  'wall-art',
  'candle',
  'tableware',
  // Close-ups of a category's prints and materials
  'texture',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export type ArtTheme = 'women' | 'men' | 'beauty' | 'jewellery' | 'home';

export interface ArtSpec {
  theme: ArtTheme;
  kind: ArtKind;
  seed: string;
  /** A colour name of the catalogue (COLOUR_HEX): the picture is drawn in it. */
  colour?: string;
  /** Variants of one kind get different palettes (otherwise the seed picks one). */
  variant?: number;
  /** Portrait 4:5 for products (default), landscape 16:9 for blog posts. */
  layout?: 'portrait' | 'landscape';
}

export interface Palette {
  /** Warm backdrop colours. */
  bg: string[];
  /** Print and object colours. */
  ink: string[];
  light: string;
}

export const PALETTES: Record<ArtTheme, Palette[]> = {
  women: [
    { bg: ['#f4e9da', '#ead6bd'], ink: ['#1f2a5a', '#c4552d', '#e0a526', '#f4e9da'], light: '#fbf5ec' },
    { bg: ['#f6e3d3', '#ecc9b0'], ink: ['#b0306a', '#1c7c7d', '#f2b134', '#fff4e6'], light: '#fdf1e7' },
    { bg: ['#efe0c8', '#e2c9a4'], ink: ['#23305f', '#dfe7f3', '#7a8fc2', '#23305f'], light: '#f9f1e4' },
    { bg: ['#f3dccb', '#e6bfa2'], ink: ['#8e2b3b', '#e7a33e', '#2e6b4f', '#fbe9d2'], light: '#fcefe4' },
  ],
  men: [
    { bg: ['#ede3d1', '#dccbaf'], ink: ['#1f2a5a', '#e8eef7', '#4a5d8f', '#1f2a5a'], light: '#f7f1e6' },
    { bg: ['#e7dcc8', '#d4c2a3'], ink: ['#2f5233', '#c9a227', '#efe6d2', '#2f5233'], light: '#f4eee2' },
    { bg: ['#efe2cf', '#dfc6a6'], ink: ['#a0442a', '#2b2b2b', '#e9d9bd', '#d98c3d'], light: '#f8efe3' },
    { bg: ['#e9e1d4', '#d6c8b2'], ink: ['#2b2b2b', '#c9a227', '#8a3324', '#f1e8d8'], light: '#f5f0e7' },
  ],
  beauty: [
    { bg: ['#f8e1d8', '#efc7b8'], ink: ['#b86b2e', '#c9a227', '#fff6ee', '#6b3e2e'], light: '#fdf0ea' },
    { bg: ['#f3d6c6', '#e6b8a0'], ink: ['#d98a8a', '#b08d57', '#fff8f2', '#7a2e3a'], light: '#fbe9df' },
    { bg: ['#fbede3', '#f0d5c0'], ink: ['#5e7d4f', '#d4af37', '#fffaf3', '#3d5234'], light: '#fff6ef' },
    { bg: ['#f5dfcf', '#e8c4a8'], ink: ['#6b3e2e', '#e0b56a', '#fdf3e8', '#a8553a'], light: '#fcefe4' },
  ],
  jewellery: [
    { bg: ['#5a1a2a', '#3d0f1c'], ink: ['#d4af37', '#f6e27a', '#e8734a', '#fff3d6'], light: '#7a2a3c' },
    { bg: ['#0f4b3a', '#0a3327'], ink: ['#d4af37', '#f6e27a', '#e8eef0', '#fff3d6'], light: '#1d6651' },
    { bg: ['#1b1f3b', '#11142a'], ink: ['#d4af37', '#f6e27a', '#e8734a', '#fff3d6'], light: '#2c325a' },
    { bg: ['#3a2418', '#26170f'], ink: ['#e2c27a', '#f6e7b0', '#3aa6a0', '#fff3d6'], light: '#553626' },
  ],
  home: [
    { bg: ['#f1ddc9', '#e3c2a2'], ink: ['#b5562f', '#d69a3a', '#2b3a67', '#fbf2e6'], light: '#f9ede0' },
    { bg: ['#dde3d0', '#c6cfb4'], ink: ['#6f7a3a', '#b5562f', '#efe6d2', '#3c4425'], light: '#eef1e6' },
    { bg: ['#e9cdb3', '#d9b08e'], ink: ['#7a3b24', '#e3b04b', '#f6ebdc', '#2e2a26'], light: '#f5e4d4' },
    { bg: ['#efe4d6', '#dccab4'], ink: ['#2b3a67', '#c4552d', '#f4e9da', '#d69a3a'], light: '#f8f2ea' },
  ],
};

/**
 * The catalogue's colour names as they are drawn. A product's picture takes its main ink
 * from its colour, so a top labelled "Mustard" is drawn in mustard.
 */
export const COLOUR_HEX: Record<string, string> = {
  Indigo: '#23305f',
  'Burnt Orange': '#cc5a1e',
  Emerald: '#1f7a55',
  Mustard: '#e0a526',
  Wine: '#722f37',
  Ivory: '#f4ecd8',
  Teal: '#1c7c7d',
  Coral: '#ef7c5b',
  Fuchsia: '#c2185b',
  Black: '#1e1e1e',
  'Forest Green': '#2f5233',
  Rust: '#a0442a',
  Charcoal: '#36393d',
  Sand: '#d8c3a0',
  Navy: '#1f2a4a',
  Cream: '#f1e6cc',
  'Royal Blue': '#2a4bb0',
  Natural: '#d9c3a0',
  Amber: '#c17f2a',
  Rose: '#d98a8a',
  Cocoa: '#6b3e2e',
  Berry: '#8e2b4f',
  Nude: '#e0b59a',
  Clear: '#e3ecef',
  Gold: '#d4af37',
  'Rose Gold': '#c98b7a',
  Silver: '#b9bec4',
  'Gold & Coral': '#ef7c5b',
  Pearl: '#f3efe6',
  Bronze: '#a66a32',
  Terracotta: '#c3603a',
  Ochre: '#cc8a2a',
  Sage: '#9aae8c',
};

/** Jewellery metals (the "gold" gradient) by colour name; other colours are gold with a stone of that colour. */
export const METALS: Record<string, [string, string, string, string]> = {
  Gold: ['#f6e27a', '#d4af37', '#f3d77a', '#8c6a12'],
  'Rose Gold': ['#f7d3c3', '#c98b7a', '#f0c2ae', '#8a4f43'],
  Silver: ['#fbfbfb', '#b9bec4', '#e8ebee', '#6f757c'],
  Bronze: ['#e9b27a', '#a66a32', '#d99a5c', '#5e3a18'],
};

/** Relative luminance (0 dark … 1 light), to keep lines readable on light and dark inks. */
export function luminance(hex: string): number {
  const v = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) => {
    const c = ((v >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(16) + 0.7152 * ch(8) + 0.0722 * ch(0);
}

export function distance(a: string, b: string): number {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  return [16, 8, 0].reduce((sum, shift) => sum + Math.abs(((pa >> shift) & 255) - ((pb >> shift) & 255)), 0);
}

/**
 * The theme's palette with the product's colour as its main ink (prints and objects fill
 * with ink 0 and 3). Accents that would vanish against it give way to a contrasting tone.
 */
export function colourPalette(base: Palette, hex: string): Palette {
  const contrast = luminance(hex) > 0.45 ? '#2b2b2b' : '#f4ece0';
  const accent = (candidate: string | undefined) =>
    candidate && distance(candidate, hex) > 120 ? candidate : mix(contrast, hex, 0.25);
  return { ...base, ink: [hex, accent(base.ink[1]), accent(base.ink[2]), hex] };
}

export const PRINTS: Record<ArtTheme, PrintStyle[]> = {
  women: ['adire', 'ankara', 'leaf', 'aso-oke'],
  men: ['adire', 'aso-oke', 'mudcloth', 'ankara'],
  beauty: ['dots', 'leaf', 'aso-oke'],
  jewellery: ['deco', 'dots'],
  home: ['mudcloth', 'adire', 'aso-oke', 'ankara'],
};

export type PrintStyle = 'adire' | 'ankara' | 'leaf' | 'aso-oke' | 'mudcloth' | 'dots' | 'deco';

// ---------------------------------------------------------------------------------------
// Small helpers

export const n = (x: number) => (Math.round(x * 10) / 10).toString();

export function mix(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const ch = (p: number, shift: number) => (p >> shift) & 255;
  const c = (shift: number) => Math.round(ch(pa, shift) * (1 - t) + ch(pb, shift) * t);
  return `#${((c(16) << 16) | (c(8) << 8) | c(0)).toString(16).padStart(6, '0')}`;
}
