// A live stream of verdicts (server-sent events) for the dashboards: every
// answered POST /detect/<m> is published to the subscribers of that model
// and of the all-models stream. Subscribers that fall behind lose events
// rather than holding memory: a browser that reconnects re-reads the ring.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { MODEL_NAME } from "./errors";
import { TAG } from "./openapi";

/** One verdict event: the model and the detect answer's body. */
export interface VerdictEvent {
  model: string;
  httpStatus: number;
  body: unknown;
}

type Listener = (event: VerdictEvent) => void;

export class VerdictHub {
  private readonly listeners = new Set<Listener>();
  private readonly closers = new Set<() => void>();

  publish(event: VerdictEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: Listener, onClose: () => void): () => void {
    this.listeners.add(listener);
    this.closers.add(onClose);
    return () => {
      this.listeners.delete(listener);
      this.closers.delete(onClose);
    };
  }

  /** Ends every open stream (server shutdown). */
  close(): void {
    for (const close of [...this.closers]) close();
    this.listeners.clear();
    this.closers.clear();
  }

  get size(): number {
    return this.listeners.size;
  }
}

const KEEPALIVE_MS = 15_000;
/** Events a slow subscriber may have queued before newer ones are dropped. */
const MAX_QUEUED = 10_000;

export function registerStreamRoute(app: OpenAPIHono, hub: VerdictHub): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/dynamic/stream",
      tags: [TAG],
      summary: "Live verdicts as server-sent events",
      description:
        "Each `verdict` event's data is `{model, httpStatus, body}` where body is the /detect answer. `?model=<m>` keeps one model's events. A comment line is sent every 15 s to keep proxies from closing the stream.",
      request: { query: z.object({ model: z.string().regex(MODEL_NAME).optional() }) },
      responses: { 200: { content: { "text/event-stream": { schema: z.string() } }, description: "The event stream" } },
    }),
    (c) => {
      const only = c.req.valid("query").model;
      return streamSSE(c, async (stream) => {
        const queue: VerdictEvent[] = [];
        let wake: (() => void) | null = null;
        let open = true;
        const stop = () => {
          open = false;
          wake?.();
        };
        const unsubscribe = hub.subscribe((event) => {
          if (only !== undefined && event.model !== only) return;
          if (queue.length < MAX_QUEUED) queue.push(event);
          wake?.();
        }, stop);
        stream.onAbort(stop);
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ model: only ?? null }) });
        try {
          while (open) {
            if (queue.length === 0) {
              let timer: ReturnType<typeof setTimeout> | undefined;
              await new Promise<void>((resolve) => {
                wake = resolve;
                timer = setTimeout(resolve, KEEPALIVE_MS);
              });
              clearTimeout(timer);
              wake = null;
              if (queue.length === 0 && open) await stream.write(": keepalive\n\n");
              continue;
            }
            for (const event of queue.splice(0)) {
              await stream.writeSSE({ event: "verdict", data: JSON.stringify(event) });
            }
          }
        } finally {
          unsubscribe();
        }
      });
    },
  );
}
