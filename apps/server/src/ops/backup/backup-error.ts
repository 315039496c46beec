/**
 * A backup or restore that cannot go ahead for a reason the operator can act on (a refusal, a missing tool, a
 * file that is not a backup): the command prints its message as one line and exits with code 1.
 */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
