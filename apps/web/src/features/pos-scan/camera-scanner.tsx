/**
 * The camera's scanning window: the back camera's picture with a guide line, what is
 * happening, and Close. Loaded lazily by ScanInput (with the detector) only when the camera
 * is opened, so the till's first load carries none of it.
 */
import { useId, useRef } from 'react';
import { Dialog } from '@/components/dialog.tsx';
import { buttonClass } from '@/components/admin/ui.tsx';
import { type CameraScanOptions, useCameraScan } from './use-camera-scan.ts';

export interface CameraScannerProps extends CameraScanOptions {
  onScan(code: string): void;
  onClose(): void;
}

export default function CameraScanner({ onScan, onClose, ...options }: CameraScannerProps) {
  const headingId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const state = useCameraScan(video, onScan, options);
  return (
    <Dialog labelledBy={headingId} onRequestClose={onClose}>
      <div className="space-y-3 p-4">
        <h2 id={headingId} className="text-lg font-semibold">
          Scan with the camera
        </h2>
        <div className="relative overflow-hidden rounded-md bg-neutral-900">
          <video ref={video} muted playsInline className="aspect-[4/3] w-full object-cover" />
          <span aria-hidden="true" className="absolute inset-x-6 top-1/2 h-0.5 bg-red-500/80" />
        </div>
        {state.status === 'failed' ? (
          <p role="alert" className="text-sm text-red-700">
            {state.message}
          </p>
        ) : (
          <p role="status" className="text-sm text-neutral-600">
            {state.status === 'starting' ? 'Opening the camera…' : 'Hold the barcode inside the picture, across the red line.'}
          </p>
        )}
        <button type="button" className={`${buttonClass.secondary} min-h-11 w-full`} onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
