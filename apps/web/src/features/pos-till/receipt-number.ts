/** Receipt numbers made on the till: its prefix and its own sequence, T2-000184. */

export function formatReceiptNumber(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(6, '0')}`;
}
