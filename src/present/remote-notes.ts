// What a one-shot `--host` command says on stderr about the records of a host it did not print:
// those that failed the checks, and those past the cap (not read). Pure.

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `agentlog: 2 agents from devbox skipped (not valid)`, `agentlog: 100 agents from devbox over the 500 limit not shown`; '' when none. */
export function notReadText(label: string, noun: string, skipped: number, overLimit: number, max: number): string {
	return [
		skipped > 0 ? `agentlog: ${plural(skipped, noun)} from ${label} skipped (not valid)\n` : '',
		overLimit > 0 ? `agentlog: ${plural(overLimit, noun)} from ${label} over the ${max} limit not shown\n` : '',
	].join('');
}
