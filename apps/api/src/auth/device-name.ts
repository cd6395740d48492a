/**
 * A short name for a signed-in device, read from its user agent, for the list of a member's
 * sessions: "Chrome on Android", "Safari on iPhone". Only the browsers and systems a shop's
 * staff use are told apart; a parser library would know thousands more, none of which the
 * list needs. Anything else shows as its first product token ("curl") or "Unknown device".
 */

/** In order: the first that matches names the browser (Edge and Opera also say Chrome, Chrome also says Safari). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** In order: phones and tablets before the desktop systems their user agents also name. */
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function deviceName(userAgent: string): string {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  const product = /^([A-Za-z][\w.-]{0,30})\//.exec(userAgent.trim())?.[1];
  return product && product !== 'Mozilla' ? product : 'Unknown device';
}
