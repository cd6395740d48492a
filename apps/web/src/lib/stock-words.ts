/** Stock as the back office says it: below zero (a till's offline sales, issue 29) is "−2 (oversold)", with a real minus sign. */
export function stockWords(stock: number): string {
  return stock < 0 ? `−${Math.abs(stock)} (oversold)` : String(stock);
}
