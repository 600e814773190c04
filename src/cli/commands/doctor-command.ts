// `agentlog doctor`: runs the checks (app/doctor) and prints them: ✓ / ! / ✗ with what to do, or
// --json. Exit 0 when no check fails (warnings allowed), 1 otherwise.
import type {Command} from 'commander';
import {doctor, type DoctorOptions} from '../../app/doctor/doctor.js';
import {doctorOutput} from '../../present/doctor-text.js';

export function runDoctor(options: DoctorOptions): void {
	const report = doctor(options);
	process.stdout.write(doctorOutput(report, Boolean(options.json)));
	process.exitCode = report.ok ? 0 : 1;
}

export function registerDoctorCommand(program: Command): void {
	program
		.command('doctor')
		.description(
			"check that agentlog's hook is set up and working: registered, installed, finding Node, writing, recent events and errors; and whether Codex CLI, Gemini CLI, Qwen Code and opencode are here, with agentlog's hooks for those that have one",
		)
		.option('--dir <path>', 'the activity folder (default: $AGENTLOG_DIR, else <claude>/agent-activity)')
		.option('--project', 'the hook was installed with install-hook --project: the fixes say so')
		.option('--codex-home <dir>', "OpenAI Codex CLI's folder (default: $CODEX_HOME, else ~/.codex)")
		.option('--qwen-home <dir>', "Qwen Code's folder (default: $QWEN_HOME, else ~/.qwen)")
		.option('--gemini-home <dir>', "Gemini CLI's folder (default: $GEMINI_CLI_HOME/.gemini, else ~/.gemini)")
		.option('--json', 'print {ok, checks: [{id, ok, level ("ok", "note", "warn" or "fail"), summary, detail?, fix?}]}')
		.action((options: DoctorOptions) => runDoctor(options));
}
