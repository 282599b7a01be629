/** A missing or malformed variable; the message names it so start-up can print it as is. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Configuration error: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}
