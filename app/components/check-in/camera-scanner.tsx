import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";

/** What a video frame's QR code says, by the browser's BarcodeDetector or, where there is none, jsQR. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

async function frameReader(): Promise<FrameReader> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  // Loaded only here, and only by a browser without a detector of its own.
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  return async (video) => {
    if (!video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}

/** How often a frame is read: often enough to feel instant, rarely enough to leave the phone cool. */
const FRAME_MS = 150;
/** The same code is not sent twice in a row while it stays in front of the camera. */
const SAME_CODE_PAUSE_MS = 3_000;

/**
 * The device camera as a ticket reader: each QR code it sees is handed to `onCode` (the page's check-in
 * form). Shown only with JavaScript; without it, the code is typed.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let last = { code: "", at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await frameReader();
        while (!stopped) {
          const code = await read(video.current);
          if (code && (code !== last.code || Date.now() - last.at > SAME_CODE_PAUSE_MS)) {
            last = { code, at: Date.now() };
            onCodeRef.current(code);
          }
          await new Promise((resolve) => setTimeout(resolve, FRAME_MS));
        }
      } catch (error) {
        setProblem(
          error instanceof Error && error.name === "NotAllowedError" ? "The camera was not allowed." : "No camera could be opened.",
        );
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on]);

  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" onClick={() => (setProblem(null), setOn(!on))}>
        {on ? "Stop the camera" : "Scan with the camera"}
      </Button>
      {problem ? <p className="text-sm text-red-700">{problem} Type the code instead.</p> : null}
      {on ? (
        <video ref={video} muted playsInline className="aspect-video w-full max-w-md rounded-lg bg-black" data-testid="camera" />
      ) : null}
    </div>
  );
}
