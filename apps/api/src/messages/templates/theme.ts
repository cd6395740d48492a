/**
 * The shop's look in e-mail: the storefront's colours (apps/web/src/index.css) as inline
 * styles, since mail apps drop <style> sheets. Ink on cream for the logo band, the
 * terracotta accent for buttons and links (6:1 on white, 5.4:1 on cream: AA for body text).
 */
import type { CSSProperties } from 'react';

export const COLORS = {
  ink: '#1c1917',
  cream: '#f6f1e7',
  accent: '#a4461a',
  muted: '#6b6258',
  line: '#e7e0d8',
  white: '#ffffff',
} as const;

export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export const LOGO_FONT = "Georgia, 'Times New Roman', serif";

/** One column, at most this wide: a phone shows it edge to edge, a desktop as a card. */
export const MAX_WIDTH = 600;

export const text: CSSProperties = { fontSize: '16px', lineHeight: '24px', color: COLORS.ink, margin: '0 0 16px' };
export const small: CSSProperties = { fontSize: '14px', lineHeight: '20px', color: COLORS.muted, margin: '0 0 8px' };
