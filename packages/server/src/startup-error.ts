/**
 * A reason the server cannot start that an operator can fix (configuration, data directory, database rights):
 * printed as one line, exit code 2.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
