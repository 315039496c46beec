import { screen, waitFor } from '@testing-library/react';
import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import webPackage from '../../../../package.json' with { type: 'json' };
import { renderWithProviders } from '../../../test/render.tsx';
import { CameraScanDialog } from './CameraScanDialog.tsx';

const stop = vi.fn();
const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;

function cameraAnswers(answer: () => Promise<MediaStream>) {
  const getUserMedia = vi.fn(answer);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return getUserMedia;
}

/** The browser's own Barcode Detection API, reading whatever `frames` holds next (the last one after that). */
function nativeDetector(frames: string[][]) {
  let read = 0;
  class FakeDetector {
    static getSupportedFormats = async () => ['code_128', 'qr_code'];
    constructor(readonly options: { formats: string[] }) {}
    async detect() {
      const frame = frames[Math.min(read, frames.length - 1)] ?? [];
      read += 1;
      return frame.map((rawValue) => ({ rawValue }));
    }
  }
  vi.stubGlobal('BarcodeDetector', FakeDetector);
}

function renderDialog(onCode = vi.fn()) {
  renderWithProviders(
    <CameraScanDialog opened onClose={() => {}} onCode={onCode} last={null} busy={false} />,
  );
  return onCode;
}

beforeEach(() => {
  stop.mockReset();
  // jsdom plays no video and has no frames: the picture is "ready" at once.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { get: () => 4, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(HTMLMediaElement.prototype, 'readyState');
  vi.restoreAllMocks();
});

describe('CameraScanDialog', () => {
  it('asks for the rear camera, and hands a code over once however long it stays in the picture', async () => {
    const getUserMedia = cameraAnswers(async () => stream);
    nativeDetector([[], ['PO123'], ['PO123'], ['PO123'], [], ['PO456'], ['PO456']]);
    const onCode = renderDialog();
    await waitFor(() => expect(onCode.mock.calls).toEqual([['PO123'], ['PO456']]), { timeout: 3000 });
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
    expect(screen.getByText(/Hold the label's barcode inside the picture/)).toBeInTheDocument();
    expect(screen.getByTestId('scan-camera-banner')).toHaveTextContent('Ready to scan');
  });

  it('says the camera is blocked when permission is refused, and tries again on request', async () => {
    const getUserMedia = cameraAnswers(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    renderDialog();
    expect(await screen.findByTestId('scan-camera-problem')).toHaveTextContent(
      "The camera is blocked. Allow the camera for this site in the browser's settings, then try again.",
    );
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('says when the device has no camera', async () => {
    cameraAnswers(async () => {
      throw new DOMException('Requested device not found', 'NotFoundError');
    });
    renderDialog();
    expect(await screen.findByTestId('scan-camera-problem')).toHaveTextContent(
      'No camera was found on this device.',
    );
  });

  it('says when the browser offers no camera at all', async () => {
    renderDialog();
    expect(await screen.findByTestId('scan-camera-problem')).toHaveTextContent(
      'This browser cannot use a camera here',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('the barcode reader package', () => {
  it('is built against the zxing-wasm whose .wasm the app serves', () => {
    expect(webPackage.dependencies['zxing-wasm']).toBe(ZXING_WASM_VERSION);
  });
});
