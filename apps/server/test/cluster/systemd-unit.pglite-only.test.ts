import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCi } from '../../src/config';

// deploy/systemd/partsportal@.service (docs/DEPLOYMENT.md) as systemd reads it: no unknown keys,
// no bad values. The test machines run no systemd, but its `systemd-analyze verify` reads a unit
// file offline. Runs once (the PGlite project); it needs no database.

const here = path.dirname(fileURLToPath(import.meta.url));
const UNIT = path.resolve(here, '..', '..', '..', '..', 'deploy', 'systemd', 'partsportal@.service');
/** The drop-in that points the unit at Node 24 in /opt/node-24 (docs/DEPLOYMENT.md). */
const NODE24_DROP_IN = path.join(`${UNIT}.d`, 'node24.conf');
const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => fs.existsSync(file));
if (!analyze) {
  const line =
    'SKIPPED systemd-analyze verify of the unit: systemd-analyze is not installed (apt-get install systemd)';
  if (isCi()) throw new Error(`${line}; CI must run it`);
  console.warn(`\n!!! ${line}\n`);
}

describe('the systemd unit of a server process', () => {
  it('starts the built server on the port named by the instance, on loopback, stopping with SIGTERM', () => {
    const unit = fs.readFileSync(UNIT, 'utf8');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node apps\/server\/dist\/main\.js$/m);
    expect(unit).toMatch(/^Environment=PORT=%i$/m);
    expect(unit).toMatch(/^Environment=HOST=127\.0\.0\.1$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    // Longer than the server's own 15 s limit on draining (main.ts), so systemd never cuts it short.
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(15);
  });

  it.skipIf(!analyze)('passes systemd-analyze verify', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-unit-'));
    try {
      const instance = path.join(dir, 'partsportal@8081.service');
      fs.copyFileSync(UNIT, instance);
      const result = spawnSync(analyze!, ['verify', '--man=no', instance], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      // Only complaints about this file count (the machine's own units may have some).
      const complaints = `${result.stdout}${result.stderr}`
        .split('\n')
        .filter((line) => line.includes('partsportal'));
      expect(complaints).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!analyze)('takes its Node from the Node 24 drop-in when that is installed', () => {
    const dropIn = fs.readFileSync(NODE24_DROP_IN, 'utf8');
    expect(dropIn).toMatch(/^ExecStart=$/m);
    expect(dropIn).toMatch(/^ExecStart=\/opt\/node-24\/bin\/node apps\/server\/dist\/main\.js$/m);
    // systemd checks that the command exists: with the drop-in's path swapped for a missing one it
    // names that path (so the drop-in is read and replaces the unit's command), with this test's
    // own Node binary it has nothing to say.
    const complaintsWith = (node: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-unit-'));
      try {
        fs.copyFileSync(UNIT, path.join(dir, 'partsportal@.service'));
        fs.mkdirSync(path.join(dir, 'partsportal@.service.d'));
        fs.writeFileSync(
          path.join(dir, 'partsportal@.service.d', 'node24.conf'),
          dropIn.replace('/opt/node-24/bin/node', node),
        );
        const instance = path.join(dir, 'partsportal@8081.service');
        fs.copyFileSync(UNIT, instance);
        const result = spawnSync(analyze!, ['verify', '--man=no', instance], {
          encoding: 'utf8',
          timeout: 60_000,
        });
        return `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('partsportal'));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const missing = path.join(os.tmpdir(), 'pp-no-such-node', 'bin', 'node');
    expect(complaintsWith(missing).join('\n')).toContain(missing);
    expect(complaintsWith(process.execPath)).toEqual([]);
  });
});
