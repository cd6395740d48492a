/**
 * Scanning barcodes at the till and in the back office (issue 29): a keyboard-wedge scanner
 * (USB or Bluetooth, typing into the search box or anywhere on the page) and the camera
 * (the browser's BarcodeDetector, or the ZXing polyfill loaded from our own build). Match a
 * scanned code with @shop/shared/barcode's barcodeKeys (a UPC-A is also read as an EAN-13).
 */
export { ScanInput, type ScanInputProps } from './scan-input.tsx';
export { useWedgeScanner } from './use-wedge-scanner.ts';
export { createWedgeReader, typesIntoField } from './wedge.ts';
export { type CameraState, cameraProblem, useCameraScan } from './use-camera-scan.ts';
export type { DetectedCode, Detector } from './detector.ts';
