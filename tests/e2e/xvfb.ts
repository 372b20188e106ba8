import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * A virtual X display (Xvfb) for the extension tests that must answer the browser's own
 * permission prompt: a headless Chromium draws that prompt nowhere and nothing can press its
 * buttons, so those tests run a headed Chromium on this display and press keys with xdotool,
 * as a user's keyboard would. `-displayfd` lets Xvfb pick a free display, so parallel workers
 * and runs never collide.
 */
export interface VirtualDisplay {
  /** The DISPLAY value, e.g. ":7". */
  display: string;
  /** Presses keys on this display (xdotool key names: "Tab", "Return", "Escape", "shift"). */
  press(...keys: string[]): Promise<void>;
  stop(): void;
}

const run = promisify(execFile);

export function startVirtualDisplay(): Promise<VirtualDisplay> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let announced = '';
    xvfb.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    xvfb.once('error', (error) => reject(new Error(`Xvfb could not start (apt-get install xvfb xdotool): ${error.message}`)));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${stderr}`)));
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      announced += chunk.toString();
      if (!announced.includes('\n')) return;
      const display = `:${announced.trim()}`;
      resolve({
        display,
        async press(...keys) {
          await run('xdotool', ['key', '--delay', '50', ...keys], { env: { ...process.env, DISPLAY: display } });
        },
        stop: () => void xvfb.kill('SIGTERM'),
      });
    });
  });
}
