/** A problem with flags, variables or files the user gave: exit code 2, message naming what to fix. */
export class ConfigError extends Error {
  readonly code = 'TSIWS_CONFIG';
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
