/**
 * Run progress for people watching: on a terminal, one bar redrawn in place (at most every
 * REDRAW_MS); anywhere else (CI logs, pipes, files), plain lines, one per further tenth of the
 * tests, with no escape sequences. The caller picks the stream and tells whether it is a terminal.
 */
export interface ProgressOptions {
  /** Writes raw text (no newline added). */
  readonly write: (text: string) => void;
  readonly tty: boolean;
  readonly columns?: number;
  readonly now?: () => number;
}

export interface Progress {
  /** Tests finished and planned so far; planned is final once `collected` (suites still load before);
   * the exchanges so far with findings that fail the run (the workers count them: the main
   * process does not read the records while the run sends, collector.ts). */
  onProgress(finished: number, planned: number, collected: boolean, withFindings?: number): void;
  /** Clears the bar (terminal) so the summary starts on a clean line. */
  done(): void;
}

const REDRAW_MS = 100;
const CLEAR_LINE = '\r\x1b[K';

/** The bar's text, without escapes: `[#####-----]  50% 500/1000 tests, 3 findings, 12 s`. */
export function progressLine(finished: number, planned: number, findings: number, elapsedMs: number, width: number, collected = true): string {
  const ratio = planned > 0 ? Math.min(1, finished / planned) : 0;
  const tail = ` ${String(Math.floor(ratio * 100)).padStart(3)}% ${finished}/${planned}${collected ? '' : '+'} tests, ${findings} ${findings === 1 ? 'finding' : 'findings'}, ${Math.round(elapsedMs / 1000)} s`;
  const barWidth = Math.max(10, Math.min(40, width - tail.length - 3));
  const filled = Math.round(ratio * barWidth);
  return `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}]${tail}`;
}

export function createProgress({ write, tty, columns = 80, now = Date.now }: ProgressOptions): Progress {
  const started = now();
  let findings = 0;
  let finished = 0;
  let planned = 0;
  let lastDraw = 0;
  let lastTenth = 0;
  let drawn = false;
  let final = false;
  const draw = () => {
    // One column short of the width: a full line would wrap on some terminals.
    write(`${CLEAR_LINE}${progressLine(finished, planned, findings, now() - started, columns - 1, final)}`);
    drawn = true;
    lastDraw = now();
  };
  return {
    onProgress(done, total, collected, withFindings = findings) {
      findings = withFindings;
      finished = done;
      planned = total;
      final = collected;
      if (tty) {
        if (now() - lastDraw >= REDRAW_MS || done === total) draw();
        return;
      }
      // Percentages of a count still growing would mislead a log reader: lines start once it is final.
      if (!collected) return;
      const tenth = total > 0 ? Math.floor((10 * done) / total) : 0;
      if (tenth > lastTenth) {
        lastTenth = tenth;
        write(`progress: ${done}/${total} tests (${tenth * 10}%), ${findings} ${findings === 1 ? 'exchange' : 'exchanges'} with findings, ${Math.round((now() - started) / 1000)} s\n`);
      }
    },
    done() {
      if (tty && drawn) write(CLEAR_LINE);
    },
  };
}
