/**
 * A barcode drawn as SVG with bwip-js, in the symbology its code is (an EAN-13 or UPC-A
 * with a valid check digit as such, anything else as Code 128): shelf labels and the
 * receipt's number. The SVG holds only bars (the readable text is ours, under it), so it is
 * safe to put in the page as markup. Only the pages that print barcodes load this module.
 */
import { barcodeKind } from '@shop/shared/barcode';
import { code128, drawingSVG, ean13, upca } from 'bwip-js/browser';
import { useMemo } from 'react';

const RENDERERS = { ean13, upca, code128 };

/** The SVG markup of `code`'s barcode; `height` in millimetres of bar at scale 1. */
export function barcodeSvg(code: string, height = 10): string {
  const kind = barcodeKind(code);
  return RENDERERS[kind]({ bcid: kind, text: code, height, scale: 2 }, drawingSVG());
}

export function Barcode({ code, height, className = '' }: { code: string; height?: number; className?: string }) {
  const svg = useMemo(() => {
    try {
      return barcodeSvg(code, height);
    } catch {
      // A code Code 128 cannot carry (none should reach here: barcodes are checked when saved).
      return null;
    }
  }, [code, height]);
  if (!svg) return <span className={className}>{code}</span>;
  return (
    <span
      role="img"
      aria-label={`Barcode ${code}`}
      data-barcode={code}
      className={`block [&>svg]:h-full [&>svg]:w-full ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: bwip-js's SVG of bars only, no text from the code
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
