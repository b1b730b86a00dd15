import { useEffect, useRef, useState } from 'react';
import { Alert, Modal, Typography } from 'antd';

/**
 * 摄像头扫码: a phone's (or laptop's) camera reads the personal QR with the browser's own BarcodeDetector
 * (Chrome and Edge on Android, Chrome on macOS, Samsung Internet …) — no decoding library is shipped.
 * Where the browser has none, or the camera cannot be opened (no HTTPS, permission refused), the modal
 * says so and what to use instead. A code read is handed to `onCode` once, and the camera is stopped.
 */

/** The part of the BarcodeDetector API used here (not yet in TypeScript's DOM library). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

export const NO_DETECTOR_MESSAGE = '此浏览器不支持摄像头识别二维码。请使用扫码枪，或在安卓手机的 Chrome / Edge 中打开本页；也可以直接输入姓名、拼音首字母、手机尾号或胸卡编号搜索。';

function detectorClass(): BarcodeDetectorConstructor | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

const SCAN_EVERY_MS = 250;

export function CameraScan({ open, onCode, onClose }: { open: boolean; onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handled = useRef(onCode);
  handled.current = onCode;

  useEffect(() => {
    if (!open) return;
    const Detector = detectorClass();
    if (!Detector) {
      setProblem(NO_DETECTOR_MESSAGE);
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('无法使用摄像头：请通过 HTTPS 打开本页，或使用扫码枪。');
      return;
    }
    setProblem(null);
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let alive = true;
    const detector = new Detector({ formats: ['qr_code'] });
    const tick = async () => {
      const el = video.current;
      if (!alive || !el) return;
      try {
        const [found] = el.readyState >= 2 ? await detector.detect(el) : [];
        if (alive && found?.rawValue) {
          alive = false;
          handled.current(found.rawValue);
          return;
        }
      } catch {
        // One frame that could not be read; the next one is tried.
      }
      if (alive) timer = window.setTimeout(() => void tick(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((media) => {
        stream = media;
        if (!alive || !video.current) return;
        video.current.srcObject = media;
        void video.current.play().catch(() => undefined);
        void tick();
      })
      .catch((error: unknown) => {
        if (alive) setProblem(`无法打开摄像头（${error instanceof Error ? error.name : '未知原因'}）：请允许本页使用摄像头，或使用扫码枪。`);
      });
    return () => {
      alive = false;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open]);

  return (
    <Modal title="摄像头扫码" open={open} onCancel={onClose} footer={null} destroyOnHidden width={480}>
      {problem ? (
        <Alert type="warning" showIcon title={problem} data-testid="camera-problem" />
      ) : (
        <>
          <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} aria-label="摄像头画面" />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            将个人二维码对准摄像头，识别后自动签到。
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
