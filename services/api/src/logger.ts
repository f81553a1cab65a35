/** The process logger (pino, JSON lines on stdout; one line per request with its request id). */
import pino, { type Logger } from "pino";

export interface ProcessLogger extends Logger {
  /**
   * Writes plain text (a line break added) to stdout through the log's own stream, so it keeps
   * its place among the log lines: pino writes asynchronously, and a console.log could overtake
   * a line logged before it.
   */
  readonly print: (text: string) => void;
}

/** A logger at `level` (pino level name) writing JSON lines to stdout. */
export function createLogger(level: string): ProcessLogger {
  const stdout = pino.destination({ dest: process.stdout.fd ?? 1, sync: false });
  const logger = pino({ level, base: { service: "closr-api" } }, stdout);
  return Object.assign(logger, { print: (text: string) => void stdout.write(`${text}\n`) });
}
