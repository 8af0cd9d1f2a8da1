#!/usr/bin/env node
// The `outreach` binary: the commands are in cli-run.ts, which tests call in-process.
import './heap-growth.js';
import { processIo } from './cli-io.js';
import { runCli } from './cli-run.js';

runCli(process.argv.slice(2), processIo()).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
