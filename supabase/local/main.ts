import { runStackCli } from './cli.ts';

void runStackCli();
