/**
 * The camera's barcode reader: the browser's own BarcodeDetector where it has one that reads
 * shop labels (Chrome on Android, Safari on recent iOS), otherwise the `barcode-detector`
 * polyfill, ZXing compiled to WebAssembly. This module is imported only when a camera is
 * opened (camera-scanner.tsx, loaded lazily), and the polyfill only when it is needed.
 *
 * The polyfill fetches its .wasm from a CDN unless told otherwise; here it is told to load the
 * copy our build ships (Vite's `?url` import puts zxing_reader.wasm in dist/assets), so it
 * works on the shop's own origin, under its Content-Security-Policy (script-src allows
 * 'wasm-unsafe-eval' for it) and on a till without the internet.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the till's labels carry: EAN-13 and UPC-A from suppliers, Code 128 for SKUs and receipt numbers, and a few others. */
export const SCAN_FORMATS = ['ean_13', 'upc_a', 'ean_8', 'upc_e', 'code_128', 'code_39', 'qr_code'] as const;

export interface DetectedCode {
  rawValue: string;
  format: string;
}

export interface Detector {
  detect(source: ImageBitmapSource): Promise<DetectedCode[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** Where the polyfill finds its WebAssembly: our own build's copy. */
export const ZXING_WASM_URL: string = wasmUrl;

/**
 * A detector for SCAN_FORMATS. `native` is the browser's BarcodeDetector (if any); `wasmBinary`
 * gives the polyfill its WebAssembly directly (Node, in tests) instead of our build's URL.
 */
export async function loadDetector({
  native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector,
  wasmBinary,
}: {
  native?: DetectorClass;
  wasmBinary?: ArrayBuffer;
} = {}): Promise<Detector> {
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    const formats = SCAN_FORMATS.filter((format) => supported.includes(format));
    // A browser that knows only QR codes (some desktop builds) cannot read the shop's labels.
    if (formats.includes('ean_13') && formats.includes('code_128')) return new native({ formats });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: wasmBinary
      ? { wasmBinary }
      : { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? ZXING_WASM_URL : prefix + path) },
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
