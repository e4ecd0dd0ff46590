// `npm run dev:payments`: the WeChat Pay and Alipay simulators on 127.0.0.1:8401/8402 and
// `npm run dev` configured to use them, for a local try of the real adapters — checkout offers
// WeChat and Alipay, the QR code opens the simulator's scan page, Pay sends the signed
// notification to the server. Keys are generated at each start into data/dev-payments/ (git-ignored);
// payments.env there holds the server's variables for starting it some other way.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';
import { deliverByFetch } from './simulator-http';
import { startProviderSimulators } from './provider-fixtures';

const dir = path.join(REPO_ROOT, 'data', 'dev-payments');
mkdirSync(dir, { recursive: true });
// The dev server's port is dev.mjs's (8090); this launcher passes its environment on to it.
const serverPort = '8090';
const sims = await startProviderSimulators({
  deliver: deliverByFetch,
  dir,
  ports: { alipay: 8401, wechat: 8402 },
  notifyBase: `http://127.0.0.1:${serverPort}/api`,
});
const env = Object.fromEntries(
  Object.entries(sims.env).filter((entry): entry is [string, string] => !!entry[1]),
);
writeFileSync(
  path.join(dir, 'payments.env'),
  Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n') + '\n',
);
console.log(`Alipay simulator     ${sims.alipay.url}  (gateway ${sims.alipay.gateway})`);
console.log(`WeChat Pay simulator ${sims.wechat.url}`);
console.log(`Server variables     ${path.join(dir, 'payments.env')}`);

const dev = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'dev.mjs')], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  // A launcher, not the server: it hands its own environment plus the providers' to npm run dev.
  // eslint-disable-next-line no-restricted-properties
  env: { ...process.env, ...env, PORT: serverPort },
});
const stop = () => {
  dev.kill('SIGTERM');
  void sims.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
dev.on('exit', () => void sims.close().then(() => process.exit(0)));
