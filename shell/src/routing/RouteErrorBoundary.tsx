/**
 * The error boundary around each layout of the site's routes (./router.tsx): a page that throws
 * while rendering in the browser (its code cannot load, a bug) shows the error page of spec §2 in
 * place of the layout, and the next navigation renders the new page again. React's error
 * boundaries are class components; this one holds only the error and the path it happened on.
 * On the page server a render error is not caught here: React sends the boundary's content to the
 * browser to render (server/render/render-page.tsx).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from '../pages/StatusPages';

interface BoundaryProps {
  /** The path being shown: an error is forgotten when it changes. */
  pathname: string;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  /** The path the error happened on (null: no error). */
  failedOn: string | null;
}

class PathErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedOn: null };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedOn === null) return { failedOn: props.pathname };
    return state.failedOn === props.pathname ? null : { error: null, failedOn: null };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] the page failed to render', error, info.componentStack);
  }
  override render() {
    return this.state.error === null ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}

/**
 * Shows the error page (`ErrorPage`, spec §2: the general message, the raw error outside
 * production) when `children` throw while rendering, until the path changes.
 * @param children  the route's layout
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <PathErrorBoundary pathname={useLocation().pathname}>{children}</PathErrorBoundary>;
}
