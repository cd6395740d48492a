import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Detector } from './detector.ts';
import { ScanInput } from './scan-input.tsx';
import { createWedgeReader } from './wedge.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Till({ onScan, detector }: { onScan(code: string): void; detector?: Detector }) {
  const [search, setSearch] = useState('');
  return (
    <>
      <ScanInput
        value={search}
        onChange={setSearch}
        onScan={onScan}
        camera={detector ? { loadDetector: async () => detector, intervalMs: 1 } : undefined}
      />
      <p>Searching: {search}</p>
      <button type="button">Charge</button>
    </>
  );
}

/** Keys pressed on `target` at the given times (ms), as a scanner or a person types them. */
function typeAt(target: EventTarget, keys: string[], times: number[], reader: (event: KeyboardEvent) => void) {
  keys.forEach((key, i) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: times[i] });
    target.addEventListener('keydown', (e) => reader(e as KeyboardEvent), { once: true });
    target.dispatchEvent(event);
  });
}

describe('keyboard-wedge scanner', () => {
  it('takes a code typed fast and ended by Enter outside a text field as a scan', () => {
    const onScan = vi.fn();
    const reader = createWedgeReader({ onScan });
    const keys = [...'5901234123457', 'Enter'];
    typeAt(
      document.body,
      keys,
      keys.map((_, i) => 1000 + i * 8),
      reader,
    );
    expect(onScan).toHaveBeenCalledExactlyOnceWith('5901234123457');
  });

  it('does not take a person typing slowly, or a short burst, for a scanner', () => {
    const onScan = vi.fn();
    const reader = createWedgeReader({ onScan });
    const keys = [...'ABC123', 'Enter'];
    typeAt(
      document.body,
      keys,
      keys.map((_, i) => 1000 + i * 180),
      reader,
    );
    typeAt(document.body, ['g', 'o', 'Enter'], [5000, 5005, 5010], reader);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('starts over after a pause, so keys pressed before a scan are not part of it', () => {
    const onScan = vi.fn();
    const reader = createWedgeReader({ onScan });
    const scan = [...'T2-000184', 'Enter'];
    typeAt(document.body, ['x', 'y', ...scan], [100, 300, ...scan.map((_, i) => 2000 + i * 5)], reader);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('T2-000184');
  });

  it('leaves keys typed into another text field to that field', () => {
    const onScan = vi.fn();
    const reader = createWedgeReader({ onScan });
    const field = document.body.appendChild(document.createElement('input'));
    const keys = [...'5901234123457', 'Enter'];
    typeAt(
      field,
      keys,
      keys.map((_, i) => i * 5),
      reader,
    );
    expect(onScan).not.toHaveBeenCalled();
    field.remove();
  });
});

describe('ScanInput', () => {
  it('searches as the cashier types, and a scanner’s Enter in the box adds the code and clears the box', async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} />);
    const box = screen.getByRole('searchbox', { name: 'Search or scan' });
    await userEvent.type(box, 'scarf');
    expect(screen.getByText('Searching: scarf')).toBeTruthy();
    expect(onScan).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, '5901234123457{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('5901234123457');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('hears a scanner while a button has focus', async () => {
    const onScan = vi.fn();
    render(<Till onScan={onScan} />);
    const charge = screen.getByRole('button', { name: 'Charge' });
    charge.focus();
    for (const key of [...'ADIRE-RED-M', 'Enter']) fireEvent.keyDown(charge, { key });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('ADIRE-RED-M');
  });

  it('scans with the camera: the first code seen is added, the camera released and the window closed', async () => {
    const stop = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    const detect = vi
      .fn()
      .mockResolvedValueOnce([])
      .mockResolvedValue([{ rawValue: '036000291452', format: 'upc_a' }]);
    const onScan = vi.fn();
    render(<Till onScan={onScan} detector={{ detect }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    await waitFor(() => expect(onScan).toHaveBeenCalledExactlyOnceWith('036000291452'));
    expect(stop).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the camera is refused, and closes', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) },
    });
    render(<Till onScan={vi.fn()} detector={{ detect: vi.fn() }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect((await screen.findByRole('alert')).textContent).toMatch('The camera was not allowed');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
