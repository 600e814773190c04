/** An error meant for the user: printed as `agentlog: <message>` with its exit code, no stack. */
export class CliError extends Error {
	constructor(
		message: string,
		readonly exitCode: 1 | 2 = 1,
	) {
		super(message);
		this.name = 'CliError';
	}
}
