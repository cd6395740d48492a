/**
 * A keyboard-wedge scanner (USB, or Bluetooth in keyboard mode) is a keyboard that types a
 * code in a few milliseconds and presses Enter. In the search box that is simply text and
 * Enter (scan-input.tsx); anywhere else on the page (focus on a button, on nothing) the keys
 * are gathered here, and a burst typed faster than a person types, ending with Enter, is a
 * scan. A person typing slowly is not taken for a scanner: a gap longer than `maxGapMs`
 * starts over.
 */

export interface WedgeOptions {
  onScan(code: string): void;
  /** Shorter bursts are keys pressed by hand (shortcuts), not a label. */
  minLength?: number;
  /** The longest gap between two keys of one scan; scanners type a key every few ms, people every 100 ms or more. */
  maxGapMs?: number;
  /** The time of a key, in ms (the event's own timeStamp by default; tests give their own). */
  clock?(event: KeyboardEvent): number;
}

/** Whether a key went to a field that takes text itself (a scan there is that field's business). */
export function typesIntoField(target: EventTarget | null): boolean {
  if (!target || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}

/** A keydown handler that calls `onScan` with each code a scanner types outside a text field. */
export function createWedgeReader({ onScan, minLength = 4, maxGapMs = 50, clock = (e) => e.timeStamp }: WedgeOptions) {
  let buffer = '';
  let last = Number.NEGATIVE_INFINITY;
  return function onKeyDown(event: KeyboardEvent): void {
    if (typesIntoField(event.target) || event.ctrlKey || event.metaKey || event.altKey) {
      buffer = '';
      return;
    }
    const now = clock(event);
    const tooSlow = now - last > maxGapMs;
    last = now;
    if (event.key === 'Enter') {
      const code = buffer;
      buffer = '';
      if (!tooSlow && code.length >= minLength) {
        event.preventDefault();
        onScan(code);
      }
      return;
    }
    if (event.key.length !== 1) return;
    buffer = tooSlow ? event.key : buffer + event.key;
  };
}
