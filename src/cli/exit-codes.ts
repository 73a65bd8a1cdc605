/** The exit codes, in a leaf module: --help and --version need them without loading any engine. */

/** 130 and 143 are the shell's codes for a process ended by SIGINT and SIGTERM (128 + signal). */
export const EXIT = { conforms: 0, findings: 1, usage: 2, unreachable: 3, internal: 4, sigint: 130, sigterm: 143 } as const;
