import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';

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
    return (
      <Result
        status="error"
        title="抱歉，页面出错了"
        subTitle={this.state.error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    );
  }
}
