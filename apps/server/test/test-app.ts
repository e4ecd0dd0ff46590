import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** POST an API call the way the web client does; answers the parsed envelope. */
  call<T = unknown>(
    path: string,
    body?: unknown,
    options?: { token?: string; lng?: string; headers?: Record<string, string> },
  ): Promise<{ code: number; msg: string; data: T }>;
  login(userId: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: { config?: Partial<Config>; now?: () => Date; seed?: (database: Database) => Promise<void> } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  if (options.seed) await options.seed(database);
  const config = testConfig(options.config);
  const app = await buildApp({ config, database, ...(options.now ? { now: options.now } : {}) });
  await app.ready();

  const call: TestApp['call'] = async (path, body, callOptions = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: `${config.apiPrefix}${path}`,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(callOptions.token ? { token: callOptions.token } : {}),
        ...(callOptions.lng ? { lng: callOptions.lng } : {}),
        ...callOptions.headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
    return response.json();
  };

  return {
    app,
    database,
    call,
    async login(userId, password) {
      const answer = await call<string>('/Auth/Login', {
        user_id: userId,
        password,
        account_id: 1,
        from: 'web',
      });
      if (answer.code !== 200) throw new Error(`login ${userId} failed: ${answer.msg}`);
      return answer.data;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}
