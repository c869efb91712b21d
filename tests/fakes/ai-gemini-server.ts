/**
 * The Gemini fake as a process, for the browser tests' server (playwright.config.ts starts it and points
 * GEMINI_API_BASE at it). Success by default; a prompt containing "fake-mode:error" (etc.) fails that once.
 */
import { startFakeGemini } from "./ai-gemini.ts";

const port = Number(process.env.FAKE_AI_PORT ?? 3218);
const fake = await startFakeGemini({ port });
console.log(`fake Gemini on ${fake.url}`);
