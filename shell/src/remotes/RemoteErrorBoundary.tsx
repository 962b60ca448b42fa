/**
 * The error boundary around one remote slot and the translated fallback it shows when the remote
 * is down, broken or incompatible (with a retry button); header, footer and the other slots keep
 * working.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, remoteOf, type ExposedModuleId } from '@landing/shared';
import { reportFailure, reportSlot, reportedAsLoadFailure } from '../telemetry/report';

interface BoundaryProps {
  id: string;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}
interface BoundaryState {
  error: Error | null;
}

/** Error boundary around one remote slot (browser; on the server Suspense contains failures). */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  override componentDidMount() {
    reportSlot(remoteOf(this.props.id as ExposedModuleId)); // this page shows the remote (telemetry)
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[remotes] ${this.props.id} failed`, error, info.componentStack);
    // Telemetry (docs/OPERATIONS.md): the fallback shown, and the error unless it was a load failure the runtime reported.
    const remote = remoteOf(this.props.id as ExposedModuleId);
    if (!reportedAsLoadFailure(error)) reportFailure({ kind: 'error', source: 'boundary', remote, error });
    reportFailure({ kind: 'fallback', source: 'slot', remote, error });
  }
  override render() {
    if (this.state.error) {
      return this.props.fallback(() => {
        this.setState({ error: null });
        this.props.onRetry();
      });
    }
    return this.props.children;
  }
}

/** Translated fallback shown in a slot whose remote is unavailable. */
export function RemoteFallback({ onRetry, compact }: { onRetry?: () => void; compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={`remote-fallback ${compact ? 'remote-fallback--compact' : ''}`} data-testid="remote-fallback">
      <EmptyState
        tone="error"
        title={t('remote.unavailableTitle')}
        text={t('remote.unavailableText')}
        action={
          onRetry ? (
            <button type="button" className="ui-btn ui-btn--ghost" onClick={onRetry}>
              {t('remote.retry')}
            </button>
          ) : undefined
        }
      />
    </div>
  );
}
