// Rewrites the integrators' typed client types and the OpenAPI document they come from
// (`npm run api:client`): examples/integration-client/schema.d.ts and openapi.json.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  generateClientTypes,
  integrationDocument,
} from '../apps/server/src/modules/integration/client-generation.ts';

const dir = new URL('../examples/integration-client/', import.meta.url);
const files: Array<[string, string]> = [
  ['openapi.json', `${JSON.stringify(integrationDocument(), null, 2)}\n`],
  ['schema.d.ts', await generateClientTypes()],
];
for (const [name, text] of files) {
  const target = new URL(name, dir);
  let before = '';
  try {
    before = readFileSync(target, 'utf8');
  } catch {
    // a new file
  }
  if (before === text) console.log(`examples/integration-client/${name} is up to date.`);
  else {
    writeFileSync(target, text);
    console.log(`examples/integration-client/${name} rewritten.`);
  }
}
