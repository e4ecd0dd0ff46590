import { loadConfig } from '../config';
import { removeDemoLogins } from '../db/seed/demo-removal';
import { passwordHasher } from '../platform/password';
import { createDataAccess } from '../repositories';
import { commandActor, withDatabase } from './command-support';

export const DEMO_USAGE = [
  '       npm run admin -- demo remove   (disable the demo sign-ins before going live)',
];

/** `npm run admin -- demo remove` (docs/DEPLOYMENT.md "Going live"). */
export async function demoCommand(verb: string | undefined, rest: string[]): Promise<number> {
  if (verb !== 'remove' || rest.length > 0) {
    console.error(DEMO_USAGE.join('\n'));
    return 2;
  }
  try {
    const removed = await withDatabase((database, config) =>
      removeDemoLogins(createDataAccess(database), {
        hash: (password) => passwordHasher.hash(password, config.passwordHashMemoryKiB),
        actor: commandActor(),
      }),
    );
    const names = [...removed.staff, ...removed.users];
    console.log(
      names.length > 0
        ? `Disabled the demo sign-ins ${names.join(', ')}: their passwords no longer work and their sessions are ended.`
        : 'No enabled demo sign-in left.',
    );
    if (loadConfig().demoData)
      console.log('Set DEMO_DATA=false as well, so that an empty database is never seeded with them again.');
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
