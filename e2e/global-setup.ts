/**
 * Global setup of the e2e suite (playwright.config.ts): builds the delivery suite's extra versions
 * of its remote once, before any test (e2e/delivery-builds.ts), so no test builds a remote.
 */
import { ensureDeliveryBuilds } from './delivery-builds';

export default function globalSetup(): void {
  const started = Date.now();
  const { dir, built } = ensureDeliveryBuilds();
  const took = ((Date.now() - started) / 1000).toFixed(0);
  console.log(built ? `› delivery builds made in ${took} s: ${dir}` : `› delivery builds reused: ${dir}`);
}
