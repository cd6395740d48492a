// @vitest-environment node
/**
 * The camera's decoding, on barcodes drawn as a printer would print them: bwip-js renders
 * EAN-13, UPC-A and Code 128 to PNG, and the `barcode-detector` polyfill (ZXing in
 * WebAssembly, the one a till without a native BarcodeDetector uses) reads them back, with
 * the .wasm our build ships, not a CDN's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { barcodeKeys } from '@shop/shared/barcode';
import bwipjs from 'bwip-js/node';
import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Detector, loadDetector, ZXING_WASM_URL } from './detector.ts';

const require = createRequire(import.meta.url);
const wasmFile = require.resolve('zxing-wasm/reader/zxing_reader.wasm');

// Node has no DOMRectReadOnly, which the polyfill uses for each code's box; a browser has.
class Rect {
  constructor(
    readonly x = 0,
    readonly y = 0,
    readonly width = 0,
    readonly height = 0,
  ) {}
}
(globalThis as { DOMRectReadOnly?: unknown }).DOMRectReadOnly ??= Rect;

/** A label as PNG: white background and a quiet zone, as printed. */
const png = async (bcid: string, text: string) =>
  new Uint8Array(
    await bwipjs.toBuffer({ bcid, text, scale: 2, height: 12, backgroundcolor: 'FFFFFF', paddingwidth: 10, paddingheight: 10 }),
  );

const bytes = readFileSync(wasmFile);
const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
let detector: Detector;
beforeAll(async () => {
  detector = await loadDetector({ native: undefined, wasmBinary });
});

describe('decoding generated barcodes with the polyfill', () => {
  it('reads an EAN-13', async () => {
    const codes = await detector.detect(new Blob([await png('ean13', '5901234123457')]));
    expect(codes.map((c) => [c.format, c.rawValue])).toEqual([['ean_13', '5901234123457']]);
  });

  it('reads a UPC-A, which matches the variant whose barcode has 12 digits', async () => {
    const [code] = await detector.detect(new Blob([await png('upca', '036000291452')]));
    // ZXing may report a UPC-A as its EAN-13 (a leading 0): the till matches either spelling.
    expect(barcodeKeys(code!.rawValue)).toContain('036000291452');
  });

  it('reads the Code 128 of a SKU and of a receipt number', async () => {
    for (const text of ['ADIRE-SCARF-RED-M', 'T2-000184']) {
      const codes = await detector.detect(new Blob([await png('code128', text)]));
      expect(codes.map((c) => [c.format, c.rawValue])).toEqual([['code_128', text]]);
    }
  });
});

describe('where the polyfill finds its WebAssembly', () => {
  it('is our own build’s copy, never a CDN', () => {
    expect(ZXING_WASM_URL).not.toMatch(/^(https?:)?\/\//);
    expect(ZXING_WASM_URL).toMatch(/zxing_reader\.wasm$/);
  });

  it('is the version the polyfill was built for (package.json pins zxing-wasm to it)', () => {
    const web = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(web.dependencies['zxing-wasm']).toBe(ZXING_WASM_VERSION);
  });

  it('uses the browser’s own detector when it reads shop labels, the polyfill when it reads only QR codes', async () => {
    const made: string[][] = [];
    class Native {
      static formats = ['qr_code', 'ean_13', 'code_128', 'upc_a'];
      static getSupportedFormats = async () => Native.formats;
      constructor({ formats }: { formats: string[] }) {
        made.push(formats);
      }
      detect = async () => [];
    }
    expect(await loadDetector({ native: Native })).toBeInstanceOf(Native);
    expect(made).toEqual([['ean_13', 'upc_a', 'code_128', 'qr_code']]);
    Native.formats = ['qr_code'];
    expect(await loadDetector({ native: Native, wasmBinary })).not.toBeInstanceOf(Native);
  });
});
