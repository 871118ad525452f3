/** Shared by the live-update tests: stored events and a reader for SSE streams. */
import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";

export async function storeEvent(
  db: Pick<PrismaClient, "webhookEvent">,
  e: {
    organizationId: string;
    environment: Environment;
    name?: string;
    resourceType?: string | null;
    resourceId?: string | null;
    resourceStatus?: string | null;
    receivedAt?: Date;
  },
) {
  return db.webhookEvent.create({
    data: {
      organizationId: e.organizationId,
      environment: e.environment,
      surface: "core",
      name: e.name ?? "deposit.completed",
      receivedName: e.name ?? "deposit.completed",
      dedupeKey: crypto.randomUUID(),
      resourceType: e.resourceType === undefined ? "deposit" : e.resourceType,
      resourceId: e.resourceId === undefined ? crypto.randomUUID() : e.resourceId,
      resourceStatus: e.resourceStatus === undefined ? "COMPLETED" : e.resourceStatus,
      payload: {},
      headers: {},
      signature: "current",
      ...(e.receivedAt ? { receivedAt: e.receivedAt } : {}),
    },
  });
}

export interface SseMessage {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads SSE messages from a response body; comments (heartbeats) are counted, not returned. */
export class SseReader {
  private buffer = "";
  private readonly decoder = new TextDecoder();
  readonly messages: SseMessage[] = [];
  comments = 0;
  retry: number | null = null;
  private done = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
    void this.pump();
  }

  get closed(): boolean {
    return this.done;
  }

  private async pump() {
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        this.buffer += this.decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = this.buffer.indexOf("\n\n")) >= 0) {
          const block = this.buffer.slice(0, cut);
          this.buffer = this.buffer.slice(cut + 2);
          this.parse(block);
        }
      }
    } catch {
      // cancelled by the test
    }
    this.done = true;
  }

  private parse(block: string) {
    let event = "message";
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) this.comments += 1;
      else if (line.startsWith("retry: ")) this.retry = Number(line.slice(7));
      else if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("id: ")) id = line.slice(4);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length) this.messages.push({ event, id, data: JSON.parse(data.join("\n")) });
  }

  /** Waits for a message matching the predicate, or fails after timeoutMs. */
  async waitFor(pred: (m: SseMessage) => boolean, timeoutMs = 3_000): Promise<SseMessage> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.messages.find(pred);
      if (hit) return hit;
      if (Date.now() > until) throw new Error(`No matching SSE message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async cancel() {
    await this.reader.cancel().catch(() => undefined);
  }
}

export async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
