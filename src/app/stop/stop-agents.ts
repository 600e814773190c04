// The user's stop as a use case: `agentlog stop` and `x` in watch write a request for the hook
// (core/stop, store/stop), withdraw one (`--cancel`), and tell whether the stop is installed.
import {randomBytes} from 'node:crypto';
import {filesWithControl} from '../../core/doctor/stop-check.js';
import {hookTarget} from '../../core/install/shell-command.js';
import type {MonitorItem} from '../../core/monitor/model.js';
import {fail, ok, type Result} from '../../core/result.js';
import {isLive, newStopRequest, withoutRequests, withRequest, type StopRequest} from '../../core/stop/stop-request.js';
import {planStop, type StopPlan} from '../../core/stop/stop-target.js';
import {managedSettingsPath, readSettingsFiles} from '../../store/doctor/gather.js';
import {readStopFile, writeStopFile} from '../../store/stop/stop-files.js';
import {env} from '../env.js';
import {activityRoots, readSessionModel, transcriptReader} from '../session/load.js';
import {ruleOptions, type SessionRules} from '../session/resolve.js';

/** Whether Claude Code's settings here register the stop (install-hook --control): read from the user, project and local settings. */
export function stopInstalled(cwd = process.cwd()): boolean {
	const {claude, home, vars} = env();
	const files = readSettingsFiles(claude, cwd, managedSettingsPath());
	if (filesWithControl(files, hookTarget(claude, home, vars.CLAUDE_CONFIG_DIR)).length > 0) {
		return true;
	}
	// The plugin registers it always; its control option decides, which only Claude Code knows.
	return vars.CLAUDE_PLUGIN_OPTION_CONTROL === 'true';
}

export interface StopDone {
	readonly plan: StopPlan;
	readonly request: StopRequest;
	/** The file written; undefined with `dryRun`. */
	readonly file: string | undefined;
}

/** Plans the stop of `target` among the session's items and, unless `dryRun`, writes the request. */
export function requestStop(
	activity: string,
	sessionId: string,
	target: string,
	items: readonly MonitorItem[],
	nowMs: number,
	dryRun = false,
): Result<StopDone> {
	const plan = planStop(target, items);
	if (!plan.ok) {
		return plan;
	}
	const request = newStopRequest(randomBytes(4).toString('hex'), plan.value.agents, plan.value.runs, nowMs);
	if (dryRun) {
		return ok({plan: plan.value, request, file: undefined});
	}
	const read = readStopFile(activity, sessionId);
	if (read.kind === 'refused') {
		return fail(`the stop file of this session cannot be used (${read.problem}): remove it and try again`);
	}
	const written = writeStopFile(activity, withRequest(read.kind === 'file' ? read.file : undefined, sessionId, request, nowMs));
	return written.ok ? ok({plan: plan.value, request, file: written.value}) : written;
}

export interface StopAsked extends StopDone {
	/** Whether the hook will carry it out (stopInstalled). */
	readonly installed: boolean;
}

/** `agentlog stop <target>`: the session read (ghosts and all), the stop of `target` planned and, unless `dryRun`, written. */
export async function stopInSession(
	activity: string,
	sessionId: string,
	target: string,
	options: SessionRules,
	nowMs: number,
	dryRun = false,
): Promise<Result<StopAsked>> {
	const {model} = await readSessionModel(
		activity,
		sessionId,
		{...ruleOptions(options), showGhosts: true, showAll: true},
		transcriptReader(activityRoots(activity)),
		options,
	);
	const done = requestStop(activity, sessionId, target, model.items, nowMs, dryRun);
	return done.ok ? ok({...done.value, installed: stopInstalled()}) : done;
}

/** The session's live requests (none when there is no usable file). */
export function pendingStops(activity: string, sessionId: string, nowMs: number): readonly StopRequest[] {
	const read = readStopFile(activity, sessionId);
	return read.kind === 'file' ? read.file.requests.filter(r => isLive(r, nowMs)) : [];
}

/** Withdraws the session's requests not carried out yet (all, or those `ids` names); how many were withdrawn. */
export function cancelStops(activity: string, sessionId: string, nowMs: number, ids?: ReadonlySet<string>): Result<number> {
	const read = readStopFile(activity, sessionId);
	if (read.kind === 'none') {
		return ok(0);
	}
	if (read.kind === 'refused') {
		return fail(`the stop file of this session cannot be used (${read.problem}): remove it`);
	}
	const kept = withoutRequests(read.file, nowMs, ids);
	const before = read.file.requests.filter(r => isLive(r, nowMs)).length;
	const written = writeStopFile(activity, kept);
	return written.ok ? ok(before - kept.requests.length) : written;
}
