import WebSocket from 'ws';

// A full collection in another Node process, with no flag on it: SIGUSR1 makes Node open its
// inspector (on 127.0.0.1), whose HeapProfiler.collectGarbage runs V8's full collection. The memory
// section uses it so that each state it reads holds what is alive, not the garbage of the loads before
// (which V8 frees at a moment of its own choosing: often while the sockets open, pulling the figure down).

/** How long the process has to open its inspector after the signal. */
const OPEN_WAIT_MS = 5_000;

/** A session on another Node process's inspector: full collections on demand, then the inspector closed again. */
export class InspectorSession {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
      const call = message.id === undefined ? undefined : this.waiting.get(message.id);
      if (!call) return;
      this.waiting.delete(message.id!);
      if (message.error) call.reject(new Error(message.error.message));
      else call.resolve(message.result);
    });
    socket.on('close', () => {
      for (const call of this.waiting.values()) call.reject(new Error('the inspector closed'));
      this.waiting.clear();
    });
  }

  /** Opens process `pid`'s inspector (SIGUSR1) and a session on it; refuses a session on another process. */
  static async open(pid: number, port = 9229): Promise<InspectorSession> {
    process.kill(pid, 'SIGUSR1');
    const started = Date.now();
    let url: string | undefined;
    while (!url) {
      try {
        const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl?: string }[];
        url = targets[0]?.webSocketDebuggerUrl;
      } catch {
        // Not listening yet.
      }
      if (!url) {
        if (Date.now() - started > OPEN_WAIT_MS) throw new Error(`process ${pid} opened no inspector on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const session = new InspectorSession(socket);
    const { result } = (await session.call('Runtime.evaluate', { expression: 'process.pid', returnByValue: true })) as { result: { value: unknown } };
    if (result.value !== pid) {
      socket.close();
      throw new Error(`the inspector on port ${port} is process ${String(result.value)}'s, not ${pid}'s`);
    }
    return session;
  }

  call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** V8's full collection, twice: objects freed by the first one's weak callbacks go in the second. */
  async collectGarbage(): Promise<void> {
    await this.call('HeapProfiler.collectGarbage');
    await this.call('HeapProfiler.collectGarbage');
  }

  /** Closes the process's inspector (it listens no more) and this session. */
  async close(): Promise<void> {
    await this.call('Runtime.evaluate', { expression: "process.getBuiltinModule('node:inspector').close()" }).catch(() => undefined);
    this.socket.close();
  }
}
