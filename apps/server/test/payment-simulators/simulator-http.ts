import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a simulator hands a notification to the shop: real HTTP by default, inject() in tests. */
export type Deliver = (
  url: string,
  request: { headers: Record<string, string>; body: string },
) => Promise<{ status: number; body: string }>;

export const deliverByFetch: Deliver = async (url, request) => {
  const response = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
  return { status: response.status, body: await response.text() };
};

/** Faults the next API calls meet, in order: no answer at all, or a 5xx. */
export type Fault = 'timeout' | '5xx';

export interface SimulatorServer {
  url: string;
  faults: Fault[];
  /** API calls received (after faults), for assertions. */
  calls: string[];
  close(): Promise<void>;
}

export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The simulated "phone" page: what the buyer sees after scanning, with a Pay button. */
export function scanPage(title: string, lines: string[], action: string | null) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{font-size:18px;padding:12px 24px;width:100%;border:0;border-radius:6px;background:#07c160;color:#fff}</style></head><body><h1>${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${action ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">Pay</button></form>` : ''}<p style="color:#666;font-size:13px">Local simulator for development and tests: no real money moves.</p></body></html>`;
}

/**
 * An HTTP server on 127.0.0.1 (port 0 unless given). API paths meet the queued faults first;
 * `/scan/…` pages never do.
 */
export async function startSimulatorServer(
  handle: (request: IncomingMessage, body: string, response: ServerResponse) => Promise<void>,
  options: { port?: number; hangMs?: number } = {},
): Promise<SimulatorServer> {
  const faults: Fault[] = [];
  const calls: string[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = (request.url ?? '/').split('?')[0]!;
      if (!path.startsWith('/scan/') && faults.length > 0) {
        const fault = faults.shift()!;
        if (fault === 'timeout') {
          // Say nothing for longer than the client waits, then drop the connection.
          setTimeout(() => response.destroy(), options.hangMs ?? 5_000).unref();
          return;
        }
        response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      if (!path.startsWith('/scan/')) calls.push(`${request.method} ${path}`);
      await handle(request, body, response);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
