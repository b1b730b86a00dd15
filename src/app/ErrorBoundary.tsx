import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

// Fetched when an error happens, as the routes' error view is (src/router/RouteErrorView.tsx).
const ErrorResult = lazy(() => import('./ErrorResult'));

/**
 * Last line of defence for errors outside the router's own error boundaries (e.g. in the providers):
 * a readable message and a way out instead of a blank page.
 */
interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept in the console for support; the user sees the message below.
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    const { message } = this.state.error;
    return (
      <PlainWhenUnloadable message={message}>
        <Suspense fallback={null}>
          <ErrorResult message={message} />
        </Suspense>
      </PlainWhenUnloadable>
    );
  }
}

/** The same words without antd when the view's code cannot be fetched (the network is down). */
class PlainWhenUnloadable extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
        <h1 style={{ fontSize: 24, fontWeight: 400 }}>抱歉，页面出错了</h1>
        <p>{this.props.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          刷新页面
        </button>
      </div>
    );
  }
}
