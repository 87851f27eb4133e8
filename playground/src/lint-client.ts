// The page's side of the worker (worker.ts). Lints are never delayed: each new version of the texts is linted
// at once, and when a lint of an older version is still running, that worker is terminated (a synchronous lint
// cannot be interrupted otherwise) and a spare worker, started beforehand and already holding the engine, takes
// the new version. Other requests (fixes, rules, documentation) are answered in turn and never cancel a lint;
// a request a terminated worker held is sent again to the next one.
import type { AccessInput, LintInput, Reply, Request } from './protocol.js';

type Pending = { request: Request; resolve: (reply: Reply) => void };

/** What a cancelled lint resolves to. */
export const CANCELLED = Symbol('cancelled');

class Engine {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  /** Requests sent and not answered, in the order sent. */
  readonly pending = new Map<number, Pending>();

  constructor(url: URL, onCrash: (engine: Engine, message: string) => void) {
    this.worker = new Worker(url, { type: 'module', name: 'platlint' });
    let markReady!: () => void;
    this.ready = new Promise((resolve) => (markReady = resolve));
    this.worker.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      if (reply.type === 'ready') return markReady();
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      p?.resolve(reply);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      onCrash(this, event.message || 'the engine could not be loaded');
    };
  }

  send(p: Pending): void {
    this.pending.set(p.request.id, p);
    this.worker.postMessage(p.request);
  }
}

interface InFlight {
  id: number;
  /** Sent to a worker that holds the engine (so running, or about to). */
  sent: boolean;
  cancel: () => void;
}

export class LintClient {
  private active: Engine;
  private spare: Engine | undefined;
  private nextId = 1;
  /** The lint in flight, if any: the only request a newer version cancels. */
  private lintInFlight: InFlight | undefined;
  /** Lints cancelled so far (shown to people who wonder, read by the tests). */
  cancelled = 0;

  constructor(
    private readonly url: URL,
    private readonly onFailure: (message: string) => void,
  ) {
    this.active = this.start();
    // the spare starts once the first engine has answered, not beside it: two engines loading at once would
    // delay the first findings on a machine with few cores
  }

  private start(): Engine {
    return new Engine(this.url, (engine, message) => {
      // a worker that cannot load (the bundle missing, a syntax the browser lacks): say so, once per engine
      if (engine === this.active || engine === this.spare) this.onFailure(message);
    });
  }

  /** Starts the spare worker if there is none (after an answer: the page has what it needs first). */
  private ensureSpare(): void {
    this.spare ??= this.start();
  }

  private request(make: (id: number) => Request): Promise<Reply> {
    const request = make(this.nextId++);
    return new Promise((resolve) =>
      this.active.send({
        request,
        resolve: (reply) => {
          this.ensureSpare();
          resolve(reply);
        },
      }),
    );
  }

  /** Lints a version of the texts; resolves to CANCELLED when a newer version came first. */
  lint(input: LintInput): Promise<Reply | typeof CANCELLED> {
    const previous = this.lintInFlight;
    if (previous?.sent) this.replaceActive();
    else if (previous) {
      // not begun (its worker is still loading the engine): dropped, nothing to terminate
      this.lintInFlight = undefined;
      this.cancelled++;
      previous.cancel();
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      const entry: InFlight = { id, sent: false, cancel: () => resolve(CANCELLED) };
      this.lintInFlight = entry;
      const engine = this.active;
      void engine.ready.then(() => {
        if (this.lintInFlight !== entry || this.active !== engine) return;
        entry.sent = true;
        engine.send({
          request: { type: 'lint', id, ...input },
          resolve: (reply) => {
            if (this.lintInFlight === entry) this.lintInFlight = undefined;
            this.ensureSpare();
            resolve(reply);
          },
        });
      });
    });
  }

  /** Terminates the worker running the lint in flight; the spare takes its place, with its other requests. */
  private replaceActive(): void {
    const old = this.active;
    const inFlight = this.lintInFlight!;
    this.lintInFlight = undefined;
    old.worker.terminate();
    this.cancelled++;
    inFlight.cancel();
    this.active = this.spare ?? this.start();
    this.spare = this.start();
    for (const p of old.pending.values()) if (p.request.id !== inFlight.id) this.active.send(p);
  }

  fix(input: LintInput): Promise<Reply> {
    return this.request((id) => ({ type: 'fix', id, ...input }));
  }

  rules(config: string): Promise<Reply> {
    return this.request((id) => ({ type: 'rules', id, config }));
  }

  explain(rule: string, config: string): Promise<Reply> {
    return this.request((id) => ({ type: 'explain', id, rule, config }));
  }

  access(input: AccessInput): Promise<Reply> {
    return this.request((id) => ({ type: 'access', id, ...input }));
  }
}
