/** Catches a remote that fails to load or render and shows a card with the message and Retry. */
import { Alert, Button, Card, CardContent, CardDescription, CardTitle, Icon } from "@closr/ui";
import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = { title: string; onRetry: () => void; children: ReactNode };
type State = { error: Error | null };

export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[closr] ${this.props.title} failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="container narrow section">
        <Card className="center-card" role="region" aria-label={this.props.title}>
          <CardContent>
            <span className="icon-bubble icon-bubble-danger" aria-hidden="true">
              <Icon name="alert" size={28} />
            </span>
            <CardTitle as="h1">{this.props.title}</CardTitle>
            <CardDescription>
              This part of Closr didn't load. Check your connection and try again.
            </CardDescription>
            <Alert>{this.state.error.message}</Alert>
            <Button onPress={this.retry}>Retry</Button>
          </CardContent>
        </Card>
      </div>
    );
  }
}
