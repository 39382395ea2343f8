import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the children once they threw while rendering. */
  fallback: (error: unknown) => ReactNode;
  onError?: (error: unknown) => void;
  /** A new value clears the error and renders the children again (the page's path). */
  resetKey?: unknown;
}

/**
 * Catches an error thrown while rendering its children (a chunk that could not be downloaded, a
 * bug), so that one part failing does not unmount the whole app and leave a blank page.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; failed: boolean }> {
  state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  // React reports the caught error itself (console.error).
  componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: null, failed: false });
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
