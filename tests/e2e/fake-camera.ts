import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import QRCode from "qrcode";
import { launchOptions } from "../../playwright.config";

/*
 * A camera that shows a QR code, for the check-in screen's scanner: Chromium's fake capture device plays a
 * video file (Y4M), which it opens when a page asks for the camera. The file is written before that, so one
 * browser can be shown a new code in each test.
 */

const WIDTH = 640;
const HEIGHT = 480;

/** The file this worker's browser plays as its camera. */
export const fakeCameraFile = join(tmpdir(), `launchpad-e2e-camera-${process.pid}.y4m`);

/** Launch options for a browser whose camera is `fakeCameraFile`, allowed without asking. */
export const fakeCameraLaunch = {
  ...launchOptions,
  args: [
    ...launchOptions.args,
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${fakeCameraFile}`,
  ],
};

/** Points the camera at `text` as a QR code: black modules on white, a quiet zone of four modules, centred. */
export function showToCamera(text: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 8));
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++)
        luma.fill(16, (top + y * scale + dy) * WIDTH + left + x * scale, (top + y * scale + dy) * WIDTH + left + (x + 1) * scale);
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  writeFileSync(fakeCameraFile, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}
