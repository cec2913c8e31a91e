// Top-level safety net for errors outside the router's own errorElement (providers, the router itself).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

interface ErrorBoundaryProps {
  children: ReactNode;
  onReload?: () => void;
}

interface ErrorBoundaryState {
  error: { value: unknown } | null;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  // Boxed so that even a thrown null/undefined counts as an error.
  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: { value: error } };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected error:', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ErrorScreen error={this.state.error.value} onReload={this.props.onReload} />;
    return this.props.children;
  }
}
