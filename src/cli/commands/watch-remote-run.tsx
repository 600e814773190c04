// `watch --host …`: the same screen, fed by other machines' `agentlog stream` over ssh
// (app/remote/remote-view.ts). The line under the header says how each host is; it is drawn
// again when a host's state changes and each second while one waits to be tried again.
import {render} from 'ink';
import {monitorApp, plainFrame} from './watch-frame.js';
import {buildMonitorModel} from '../../core/monitor/model.js';
import {hostLabel} from '../../core/remote/host-command.js';
import {paneSize} from '../../tui/model/layout.js';
import {openRemoteView, type RemoteView} from '../../app/remote/remote-view.js';
import {RemoteHost} from '../../store/remote/remote-host.js';
import {VERSION} from '../../app/version.js';
import {CliError} from '../../core/user-error.js';
import type {WatchOptions} from '../shared/command-options.js';
import {argvFor} from '../shared/host-options.js';
import {snapshotColumns} from '../shared/snapshot-columns.js';

function openHosts(sessionArg: string | undefined, options: WatchOptions): RemoteHost[] {
	const targets = [...new Set(options.host ?? [])];
	const words = ['stream', ...(sessionArg === undefined ? [] : [sessionArg])];
	return targets.map(
		target => new RemoteHost({label: hostLabel(target), argv: argvFor(target, words, options), version: VERSION, helloMs: options.hostTimeout ?? 10_000}),
	);
}

/** One plain frame once every host has answered (or failed, or timed out): for a pipe or a file. */
async function remoteSnapshot(hosts: readonly RemoteHost[], view: RemoteView, options: WatchOptions): Promise<string> {
	await new Promise<void>(resolve => {
		const settled = () => hosts.every(host => host.state.synced || (host.status.phase !== 'connecting' && host.status.phase !== 'connected'));
		const check = () => {
			if (settled()) {
				clearInterval(timer);
				resolve();
			}
		};
		const timer = setInterval(check, 20);
		check();
	});
	view.flush();
	const snapshot = view.agents.getSnapshot();
	const now = Date.now();
	const model = buildMonitorModel({
		agents: [...snapshot.set.agents.values()],
		transcripts: view.transcripts.getSnapshot(),
		now,
		knownWork: view.transcripts.getWork?.() ?? new Set(),
		options: {staleMs: options.stale, dedup: options.dedup, showGhosts: false, showAll: options.filter !== undefined, max: options.max},
	});
	const columns = snapshotColumns();
	const note = view.statusLine(now);
	return plainFrame(
		{
			size: paneSize(columns, undefined),
			activity: snapshot.activity,
			activityExists: true,
			sessionId: snapshot.sessionId,
			following: snapshot.following,
			...(snapshot.host === undefined ? {} : {host: snapshot.host}),
			view: model,
			warnings: 0,
			now,
			...(note === undefined ? {} : {note}),
		},
		columns,
		options,
	);
}

export async function runRemoteWatch(sessionArg: string | undefined, options: WatchOptions): Promise<void> {
	const hosts = openHosts(sessionArg, options);
	const view = openRemoteView(hosts);
	view.start();
	try {
		if (!process.stdout.isTTY) {
			process.stdout.write(await remoteSnapshot(hosts, view, options));
			return;
		}
		const {element} = monitorApp(options);
		const app = (note: string | undefined) => element({source: view.agents, transcripts: view.transcripts}, note);
		let note = view.statusLine(Date.now());
		const instance = render(app(note), {exitOnCtrlC: true});
		const redraw = () => {
			const next = view.statusLine(Date.now());
			if (next !== note) {
				note = next;
				instance.rerender(app(note));
			}
		};
		const off = view.agents.subscribe(redraw);
		const offHosts = hosts.map(host => host.subscribe(redraw));
		// The countdown to the next try, while a host waits for one.
		const tick = setInterval(() => {
			if (hosts.some(host => host.status.retryAt !== undefined)) {
				redraw();
			}
		}, 1000);
		try {
			await instance.waitUntilExit();
		} catch (error) {
			throw new CliError(`the monitor stopped on an error: ${error instanceof Error ? error.message : String(error)}`);
		} finally {
			clearInterval(tick);
			off();
			for (const offHost of offHosts) {
				offHost();
			}
		}
	} finally {
		view.close();
	}
}
