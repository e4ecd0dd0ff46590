// The floor of the web targets (issue 18 item 5): an otherwise empty React + antd page — one
// Button and one Table with three rows, antd's CSS-in-JS as in the app — built by the same Vite
// with the same precompress plugin, served from 127.0.0.1 the same way (brotli copies written at
// build time, `immutable` hashed files, HTTP/1.1). What our pages cannot beat under the mobile
// profile: a missed target is shown beside it.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../apps/web/build/build-plugins';
import { ROOT } from './server-process';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="The bench's floor page: React and antd, one button and one table." />
    <title>Floor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

const MAIN_TSX = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Table } from 'antd';

const rows = [1, 2, 3].map((n) => ({ key: n, number: 'PART-' + n, name: 'Part ' + n }));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ padding: 16 }}>
      <h1>Floor</h1>
      <Button type="primary">Button</Button>
      <Table
        className="floor-table"
        dataSource={rows}
        columns={[
          { title: 'Number', dataIndex: 'number' },
          { title: 'Name', dataIndex: 'name' },
        ]}
      />
    </main>
  </StrictMode>,
);
`;

export interface FloorSite {
  url: string;
  /** Gzip-free figure of what the page loads: the JS files' brotli bytes. */
  jsBrotliBytes: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Builds the floor page (in node_modules/.cache, where Vite finds React and antd) and serves it. */
export async function startFloorSite(): Promise<FloorSite> {
  const source = path.join(ROOT, 'node_modules/.cache/pp-bench-floor');
  const outDir = path.join(source, 'dist');
  fs.rmSync(source, { recursive: true, force: true });
  fs.mkdirSync(source, { recursive: true });
  fs.writeFileSync(path.join(source, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(source, 'main.tsx'), MAIN_TSX);
  await build({
    root: source,
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true },
  });
  const jsBrotliBytes = fs
    .readdirSync(path.join(outDir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => {
      const br = path.join(outDir, 'assets', `${file}.br`);
      return sum + fs.statSync(fs.existsSync(br) ? br : path.join(outDir, 'assets', file)).size;
    }, 0);

  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path.join(outDir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(outDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    const br = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) && fs.existsSync(`${file}.br`);
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    fs.createReadStream(br ? `${file}.br` : file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    jsBrotliBytes,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
