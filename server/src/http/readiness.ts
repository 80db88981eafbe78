/**
 * Whether this instance should receive traffic, for GET /ready (load balancers and
 * docker-compose health checks). Not ready until the migrations ran and the event
 * bus listens, and again from the moment shutdown begins, so the balancer stops
 * sending requests while the ones in flight drain.
 */
export class Readiness {
  migrated = false;
  /** Set first thing on SIGTERM/close; whoever drains connections reads it too. */
  shuttingDown = false;
  private bus: { readonly listening: boolean } | null = null;

  watchBus(bus: { readonly listening: boolean }): void {
    this.bus = bus;
  }

  /** What keeps the instance from being ready, in words for the operator; empty when ready. */
  problems(): string[] {
    const problems: string[] = [];
    if (this.shuttingDown) problems.push('shutting down');
    if (!this.migrated) problems.push('migrations not applied yet');
    if (!this.bus?.listening) problems.push('event bus not listening');
    return problems;
  }
}
