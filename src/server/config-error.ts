/** A bad setting: stops the server (or a CLI) at start with a message naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
