/**
 * Reads a barcode from the camera: opens the back camera into `video`, loads the detector
 * (detector.ts) and looks at a frame every `intervalMs` until one holds a code, which it
 * reports once; then it stops. The camera is released when the component using it goes.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Detector } from './detector.ts';

export type CameraState = { status: 'starting' } | { status: 'scanning' } | { status: 'failed'; message: string };

export interface CameraScanOptions {
  /** The detector to use (detector.ts's loadDetector by default; tests give their own). */
  loadDetector?: () => Promise<Detector>;
  intervalMs?: number;
}

const defaultLoad = async () => (await import('./detector.ts')).loadDetector();

/** What to tell the cashier when the camera does not open. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera was not allowed. Allow it in the browser’s site settings, or type the code.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again.';
  return 'The camera could not start. Type the code instead.';
}

export function useCameraScan(
  video: RefObject<HTMLVideoElement | null>,
  onScan: (code: string) => void,
  { loadDetector = defaultLoad, intervalMs = 250 }: CameraScanOptions = {},
): CameraState {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (message: string) => {
      if (!stopped) setState({ status: 'failed', message });
    };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        fail('This browser cannot open the camera here (it needs the shop’s https address). Type the code instead.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        fail(cameraProblem(error));
        return;
      }
      if (stopped) return release();
      const element = video.current;
      if (!element) return;
      element.srcObject = stream;
      // Autoplay of a muted inline video is allowed; a browser that refuses still shows frames once it may.
      await element.play()?.catch(() => {});
      let detector: Detector;
      try {
        detector = await loadDetector();
      } catch {
        fail('The barcode reader could not load. Type the code instead.');
        return;
      }
      if (stopped) return;
      setState({ status: 'scanning' });
      const look = async () => {
        if (stopped) return;
        // HAVE_CURRENT_DATA: a frame is there to read.
        if (element.readyState >= 2) {
          const codes = await detector.detect(element).catch(() => []);
          const code = codes.find((c) => c.rawValue.trim() !== '');
          if (code && !stopped) {
            stopped = true;
            release();
            latest.current(code.rawValue.trim());
            return;
          }
        }
        timer = setTimeout(look, intervalMs);
      };
      void look();
    }

    function release() {
      for (const track of stream?.getTracks() ?? []) track.stop();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      release();
    };
  }, [video, loadDetector, intervalMs]);

  return state;
}
