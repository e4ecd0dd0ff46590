// CPU accounting of the processes a bench measures (search-ab.ts, http-floor.ts): utime + stime
// from /proc, and pinning to a CPU with taskset so the load generator and the server do not share one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** utime + stime of a process in µs; 0 once it is gone. */
export function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

/** Pins a process (all its threads) to one CPU; a process already gone is left alone. */
export function pin(pid: number, cpu: number): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
  } catch {
    // gone
  }
}
