#!/usr/bin/env node
// Entry of the `oncoagent` command: runs the TypeScript CLI through tsx's loader (no separate build step).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/cli.ts');
await main(process.argv);
