// `watch --host …`: the same screen, fed by other machines' `agentlog stream` over ssh
// (app/remote/remote-view.ts). The line under the header says how each host is; it is drawn
// again when a host's state changes and each second while one waits to be tried again. The
// session picker (s) lists every host's sessions; choosing one restarts that host's stream on it.
import {render} from 'ink';
import {INK_RENDER_OPTIONS} from '../../tui/render-options.js';
import {monitorApp, plainFrame} from './watch-frame.js';
import {hostLabel} from '../../core/remote/host-command.js';
import {paneSize} from '../../tui/model/layout.js';
import {openRemoteView, remoteViewModel, type RemoteView} from '../../app/remote/remote-view.js';
import {RemoteHost} from '../../store/remote/remote-host.js';
import {VERSION} from '../../app/version.js';
import {CliError} from '../../core/user-error.js';
import {screenOptions, type WatchOptions} from '../shared/command-options.js';
import {argvFor} from '../shared/host-options.js';
import {env} from '../../app/env.js';
import {snapshotColumns} from '../shared/snapshot-columns.js';
import {openHostSessions, type HostSession} from '../../app/remote/host-sessions.js';
import type {SessionChoice} from '../../tui/model/session-picker.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {shortId} from '../../core/text/format.js';

/** `agentlog stream [session]` on the target. */
function openHost(target: string, session: string | undefined, options: WatchOptions): RemoteHost {
	const words = ['stream', ...(session === undefined ? [] : [session])];
	return new RemoteHost({
		label: hostLabel(target),
		argv: argvFor(target, words, options),
		version: VERSION,
		helloMs: options.hostTimeout ?? 10_000,
		env: env().vars,
	});
}

/** A picker line's id: the host's place and the session, so Enter knows which stream to restart. */
const choiceId = (host: number, session: string): string => `${host}:${session}`;
const CHOICE_ID = /^(\d+):(.+)$/u;

function choiceOf(s: HostSession, hosts: readonly RemoteHost[]): SessionChoice {
	return {
		id: choiceId(s.host, s.id),
		label: shortId(s.id),
		host: s.label,
		shown: hosts[s.host]?.state.session === s.id,
		lastActivity: s.lastActivity,
		counts: s.counts,
		provider: s.provider,
	};
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
	const model = remoteViewModel(view, screenOptions(options), now);
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
	const targets = [...new Set(options.host ?? [])];
	const hosts = targets.map(target => openHost(target, sessionArg, options));
	const view = openRemoteView(hosts);
	view.start();
	try {
		if (!process.stdout.isTTY) {
			process.stdout.write(await remoteSnapshot(hosts, view, options));
			return;
		}
		const {element} = monitorApp(options);
		const listed = openHostSessions(
			targets.map(target => ({label: hostLabel(target), argv: argvFor(target, ['sessions', '--json'], options)})),
			{timeoutMs: options.hostTimeout ?? 10_000},
		);
		// Enter: that host's stream restarted on the session; f (undefined): every host not following the newest, restarted to follow it.
		const choose = (id: string | undefined): void => {
			const match = id === undefined ? undefined : CHOICE_ID.exec(id);
			const index = match === undefined || match === null ? undefined : Number(match[1]);
			const session = match?.[2];
			if (id !== undefined && (index === undefined || hosts[index] === undefined || !isSafeId(session))) {
				return;
			}
			hosts.forEach((host, i) => {
				if (index === undefined ? !host.state.following : i === index) {
					offHosts[i]!();
					hosts[i] = openHost(targets[i]!, session, options);
					offHosts[i] = hosts[i].subscribe(redraw);
					view.replace(i, hosts[i]);
				}
			});
		};
		// A new object when the lists change: the open picker reads them again.
		const pickerOf = () => ({list: () => listed.list().map(s => choiceOf(s, hosts)), choose});
		let sessions = pickerOf();
		const app = (note: string | undefined) => element({source: view.agents, transcripts: view.transcripts}, note, {sessions});
		let note = view.statusLine(Date.now());
		const instance = render(app(note), INK_RENDER_OPTIONS);
		const redraw = () => {
			const next = view.statusLine(Date.now());
			if (next !== note) {
				note = next;
				instance.rerender(app(note));
			}
		};
		const offListed = listed.subscribe(() => {
			sessions = pickerOf();
			instance.rerender(app(note));
		});
		// Read once now, so the picker has them when it opens.
		listed.list();
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
			offListed();
			listed.close();
			for (const offHost of offHosts) {
				offHost();
			}
		}
	} finally {
		view.close();
	}
}
