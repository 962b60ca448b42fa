/**
 * Bounds of a telemetry batch (docs/OPERATIONS.md), zod-free so that the browser's collector
 * (shell/src/telemetry/collector.ts) keeps within them without loading the schemas
 * (./schemas/telemetry.ts validates them on the API).
 */

/** Bounds of one batch: its body in bytes, the records of each list, the frames of a stack, a message's characters. */
export const TELEMETRY_LIMITS = {
  maxBodyBytes: 16 * 1024,
  maxViews: 10,
  maxVitals: 10,
  maxEvents: 25,
  maxFrames: 20,
  messageMax: 300,
  maxComposition: 12,
} as const;
