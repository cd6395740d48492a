/**
 * The till's search box that scanners use: type a name or SKU to search (onChange), or a
 * keyboard-wedge scanner types a code and presses Enter (onScan, the box cleared for the
 * next). Beside it, a camera button opens the camera scanner, loaded only then. With `wedge`
 * (the default), a scanner is heard even when the box does not have focus (wedge.ts).
 */
import { Camera, ScanLine } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { buttonClass, inputClass } from '@/components/admin/ui.tsx';
import type { CameraScanOptions } from './use-camera-scan.ts';
import { useWedgeScanner } from './use-wedge-scanner.ts';

const CameraScanner = lazy(() => import('./camera-scanner.tsx'));

export interface ScanInputProps {
  value: string;
  onChange(value: string): void;
  onScan(code: string): void;
  label?: string;
  placeholder?: string;
  /** Listen for a scanner on the whole page, not only in the box. */
  wedge?: boolean;
  /** Passed to the camera scanner (tests give a detector). */
  camera?: CameraScanOptions;
}

export function ScanInput({
  value,
  onChange,
  onScan,
  label = 'Search or scan',
  placeholder = 'Name, SKU or barcode',
  wedge = true,
  camera,
}: ScanInputProps) {
  const id = useId();
  const [cameraOpen, setCameraOpen] = useState(false);
  useWedgeScanner(onScan, { enabled: wedge && !cameraOpen });

  const scanned = (code: string) => {
    setCameraOpen(false);
    onScan(code);
  };

  return (
    <div className="flex items-stretch gap-2">
      <div className="relative flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <ScanLine
          size={16}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-400"
        />
        <input
          id={id}
          type="search"
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          placeholder={placeholder}
          className={`${inputClass} min-h-11 pl-9`}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            const code = event.currentTarget.value.trim();
            event.preventDefault();
            if (!code) return;
            onChange('');
            onScan(code);
          }}
        />
      </div>
      <button type="button" className={`${buttonClass.secondary} min-h-11 min-w-11 px-3`} onClick={() => setCameraOpen(true)}>
        <Camera size={18} aria-hidden="true" />
        <span className="sr-only">Scan with the camera</span>
      </button>
      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraScanner {...camera} onScan={scanned} onClose={() => setCameraOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
