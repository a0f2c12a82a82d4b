import type { ReactiveControllerHost } from 'lit';

/**
 * Returns focus to what opened a dialog (the lightbox's tile) when it closes, once the
 * host has rendered the dialog away; nothing when that element has left the page.
 */
export class FocusReturn {
  private opener: HTMLElement | undefined;

  constructor(private readonly host: ReactiveControllerHost) {}

  remember(opener: HTMLElement): void {
    this.opener = opener;
  }

  forget(): void {
    this.opener = undefined;
  }

  async restore(): Promise<void> {
    await this.host.updateComplete;
    const opener = this.opener?.isConnected ? this.opener : undefined;
    this.opener = undefined;
    opener?.focus();
  }
}
