/**
 * Which AI provider answers POST /api/v1/admin/ai: Gemini when GEMINI_API_KEY is set, else any
 * OpenAI-compatible server named by AI_BASE_URL (with AI_MODEL), else none, with the reason (503).
 */
import { AI_MODEL_MISSING, AI_NOT_CONFIGURED, type AiAvailability } from "#schemas/ai.ts";
import { GeminiProvider } from "./gemini.ts";
import type { AiProvider } from "./http.ts";
import { OpenAiCompatibleProvider } from "./openai-compatible.ts";

/** The AI settings (server/config.ts reads them from the environment; see the README). */
export interface AiConfig {
  /** GEMINI_API_KEY: turns Gemini on. */
  geminiApiKey?: string;
  /** GEMINI_MODEL (default DEFAULT_GEMINI_MODEL). */
  geminiModel?: string;
  /** GEMINI_API_BASE (default DEFAULT_GEMINI_API_BASE; tests point it at tests/fakes/ai-gemini.ts). */
  geminiApiBase?: string;
  /** AI_BASE_URL: an OpenAI-compatible server, with or without the trailing /v1. */
  baseUrl?: string;
  /** AI_MODEL: the model that server should run (required with AI_BASE_URL). */
  model?: string;
  /** AI_API_KEY: sent as a bearer token when set (OpenAI, vLLM with --api-key); Ollama needs none. */
  apiKey?: string;
  /** How long a provider may take, in ms (default DEFAULT_AI_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}

export const DEFAULT_GEMINI_MODEL = "gemini-2.0-flash";
export const DEFAULT_GEMINI_API_BASE = "https://generativelanguage.googleapis.com";
export const DEFAULT_AI_TIMEOUT_MS = 30_000;

export type AiChoice = { provider: AiProvider; availability: AiAvailability } | { provider: null; availability: AiAvailability };

export function chooseAiProvider(config: AiConfig | undefined): AiChoice {
  const timeoutMs = config?.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const available: AiAvailability = { available: true, reason: null };
  if (config?.geminiApiKey) {
    const provider = new GeminiProvider({
      apiKey: config.geminiApiKey,
      model: config.geminiModel || DEFAULT_GEMINI_MODEL,
      apiBase: config.geminiApiBase || DEFAULT_GEMINI_API_BASE,
      timeoutMs,
    });
    return { provider, availability: available };
  }
  if (config?.baseUrl) {
    if (!config.model) return { provider: null, availability: { available: false, reason: AI_MODEL_MISSING } };
    return {
      provider: new OpenAiCompatibleProvider({ baseUrl: config.baseUrl, model: config.model, apiKey: config.apiKey, timeoutMs }),
      availability: available,
    };
  }
  return { provider: null, availability: { available: false, reason: AI_NOT_CONFIGURED } };
}

/** The AI settings from the environment (empty values read as unset). */
export function readAiConfig(env: NodeJS.ProcessEnv): AiConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  return {
    geminiApiKey: value("GEMINI_API_KEY"),
    geminiModel: value("GEMINI_MODEL"),
    geminiApiBase: value("GEMINI_API_BASE")?.replace(/\/+$/, ""),
    baseUrl: value("AI_BASE_URL")?.replace(/\/+$/, ""),
    model: value("AI_MODEL"),
    apiKey: value("AI_API_KEY"),
  };
}
