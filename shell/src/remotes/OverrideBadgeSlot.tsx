/**
 * Where the tester override badge (./OverrideBadge.tsx) goes in the layout. The badge's code and
 * styles load only when an override is active or refused, which production never has: the
 * first load of every page carries this check alone (docs/PERFORMANCE.md "Rules that keep the
 * budgets").
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useHydrated } from '@landing/shared';
import { remoteInfo, subscribeRemoteInfo } from './remote-info';

const OverrideBadge = lazy(() =>
  import(/* webpackChunkName: "override-badge" */ './OverrideBadge').then((m) => ({ default: m.OverrideBadge })),
);

/** The override badge once the page is hydrated and an override is active or refused; otherwise nothing. */
export function OverrideBadgeSlot() {
  const { overrides, refusedOverrides } = useSyncExternalStore(subscribeRemoteInfo, remoteInfo, remoteInfo);
  const hydrated = useHydrated(); // overrides are the browser's own: never in the server's HTML
  if (!hydrated || (Object.keys(overrides).length === 0 && refusedOverrides.length === 0)) return null;
  return (
    <Suspense fallback={null}>
      <OverrideBadge />
    </Suspense>
  );
}
