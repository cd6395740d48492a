/** LIKE patterns from what a person typed: `%` and `_` in the text are matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`: rows containing the text. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
