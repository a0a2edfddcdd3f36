/**
 * A part of an island whose code loads on demand (React `lazy`): its fallback while it loads, and,
 * when it cannot load (a connection lost meanwhile) or fails, a note with a way to try again in
 * place of the part, instead of the whole island vanishing.
 */
import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  fallback: ReactNode;
  children: ReactNode;
}

export default class LazyPart extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(err: unknown): void {
    console.error(err);
  }

  render(): ReactNode {
    if (!this.state.failed) return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
    // A module that failed to load stays failed in this page, so trying again means loading the page again.
    return (
      <p className="list-status list-status--error" role="alert">
        Не удалось загрузить часть страницы.{' '}
        <button type="button" className="list-status__retry" onClick={() => location.reload()}>Обновить страницу</button>
      </p>
    );
  }
}
