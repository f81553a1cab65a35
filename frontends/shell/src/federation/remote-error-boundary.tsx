/** Catches a remote that fails to load or render and shows a card with the message and Retry. */
import { Alert, Button, CenterCardPage } from "@closr/ui";
import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = {
  title: string;
  onRetry: () => void;
  /** Called when the boundary catches an error (after React logged it). */
  onError?: (() => void) | undefined;
  children: ReactNode;
};
type State = { error: Error | null };

export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[closr] ${this.props.title} failed`, error, info.componentStack);
    this.props.onError?.();
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <CenterCardPage
        role="region"
        aria-label={this.props.title}
        icon="alert"
        danger
        title={this.props.title}
        description="This part of Closr didn't load. Check your connection and try again."
      >
        <Alert>{this.state.error.message}</Alert>
        <Button onPress={this.retry}>Retry</Button>
      </CenterCardPage>
    );
  }
}
