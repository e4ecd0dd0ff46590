import argon2 from 'argon2';

/**
 * argon2id with the brief's parameters (m = 19 MiB, t = 2, p = 1). The argon2 addon hashes on
 * libuv's thread pool, so the event loop keeps serving while a hash is computed.
 */
export async function hashPassword(password: string, memoryKiB = 19_456): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: memoryKiB, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifying against a throw-away hash when the user does not exist keeps the answer time of
 * "unknown user" close to "wrong password", so timing does not reveal which user ids exist.
 */
export function dummyPasswordHash(memoryKiB: number): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password', memoryKiB);
  return dummyHash;
}
