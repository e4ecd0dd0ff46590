// Rewrites the generated call index of docs/API.md from the contract's endpoint descriptors
// (`npm run docs:api`); the hand-written text around the markers is kept.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  loadContractEndpoints,
  renderCallIndex,
  replaceGeneratedSection,
} from '../packages/contract/src/api-doc.ts';

const apiDoc = new URL('../docs/API.md', import.meta.url);
const before = readFileSync(apiDoc, 'utf8');
const endpoints = await loadContractEndpoints();
const after = replaceGeneratedSection(before, renderCallIndex(endpoints));
if (after === before) {
  console.log(`docs/API.md is up to date (${endpoints.length} calls).`);
} else {
  writeFileSync(apiDoc, after);
  console.log(`docs/API.md: call index rewritten (${endpoints.length} calls).`);
}
