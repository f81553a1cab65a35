/** The process logger (pino, JSON lines; one line per request with its request id). */
import pino from "pino";

export const createLogger = (level: string) => pino({ level, base: { service: "closr-api" } });
