"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// hooks/agent-prune.ts
var agent_prune_exports = {};
__export(agent_prune_exports, {
  runDailyPrune: () => runDailyPrune
});
module.exports = __toCommonJS(agent_prune_exports);

// src/store/history/prune.ts
var import_node_fs5 = require("node:fs");
var import_node_path4 = require("node:path");

// src/core/history/ownership.ts
var import_node_path = __toESM(require("node:path"), 1);

// src/core/record/file-names.ts
function isAgentFileName(name) {
  return name.endsWith(".json") && !name.startsWith(".");
}
var EVENT_LOG_NAME = "events.jsonl";
var ID = "[A-Za-z0-9][A-Za-z0-9._@-]{0,127}";
var LOCK = `(?:${ID}|\\+cap|\\+notify|\\+log)\\.lock`;
var OWN_DOT_FILE = new RegExp(
  `^(?:\\.(?:${ID}\\.json|\\.main-waiting\\.json|\\.notify\\.json|\\.session-process\\.json)\\.\\d+\\.[0-9a-z]+\\.tmp|\\.${LOCK}|\\.${LOCK}\\.\\d+\\.\\d+\\.stale|\\.main-waiting\\.json|\\.notify\\.json|\\.session-process\\.json|\\.\\+cap\\.again)$`,
  "u"
);
var AGENT_FILE = new RegExp(`^${ID}\\.json$`, "u");
function sessionFileKind(name) {
  if (name === EVENT_LOG_NAME) {
    return "event-log";
  }
  if (AGENT_FILE.test(name)) {
    return "agent-file";
  }
  return OWN_DOT_FILE.test(name) ? "own-dot-file" : void 0;
}

// src/core/history/ownership.ts
function foreignSessionEntries(entries) {
  return entries.filter((e) => e.type !== "file" || sessionFileKind(e.name) === void 0).map((e) => e.type === "folder" ? `${e.name}/` : e.name);
}
function describeForeign(names, shown = 3) {
  const head2 = names.slice(0, shown).join(", ");
  return names.length > shown ? `${head2} and ${names.length - shown} more` : head2;
}
var CLAUDE_HOME_MARKERS = ["projects", "todos", "plugins", "settings.json", ".credentials.json", "statsig", "shell-snapshots"];
var CODEX_HOME_MARKERS = ["config.toml", "auth.json", "sessions"];
var HOME_MARKERS = [".claude", ".codex"];
var same = (a, b) => b !== void 0 && import_node_path.default.resolve(a) === import_node_path.default.resolve(b);
function toolFolderOf(activity, names, homes, realActivity) {
  const paths = realActivity === void 0 ? [activity] : [activity, realActivity];
  const claudeHeld = CLAUDE_HOME_MARKERS.filter((m) => names.includes(m));
  const codexHeld = CODEX_HOME_MARKERS.filter((m) => names.includes(m));
  const held = (list) => list.length === 0 ? "" : ` (it holds ${list.join(", ")})`;
  if (paths.some((p) => same(p, homes.claude))) {
    return { tool: "claude", reason: `is Claude Code's own folder${held(claudeHeld)}` };
  }
  if (paths.some((p) => same(p, homes.codex))) {
    return { tool: "codex", reason: `is Codex CLI's own folder${held(codexHeld)}` };
  }
  if (paths.some((p) => same(p, homes.home))) {
    return { tool: "home", reason: "is your home folder" };
  }
  if (claudeHeld.length > 0) {
    return { tool: "claude", reason: `looks like Claude Code's own folder${held(claudeHeld)}` };
  }
  if (codexHeld.length >= 2) {
    return { tool: "codex", reason: `looks like Codex CLI's own folder${held(codexHeld)}` };
  }
  const homeHeld = HOME_MARKERS.filter((m) => names.includes(m));
  if (homeHeld.length > 0) {
    return { tool: "home", reason: `looks like a home or project folder${held(homeHeld)}` };
  }
  return void 0;
}
function toolFolderFix(homes) {
  const example = homes.claude === void 0 ? "~/.claude/agent-activity" : import_node_path.default.join(homes.claude, "agent-activity");
  return `point AGENTLOG_DIR (or --dir) at agentlog's own folder, e.g. ${example}`;
}

// src/core/text/format.ts
var SECOND = 1e3;
var MINUTE = 60 * SECOND;
var HOUR = 60 * MINUTE;
var DAY = 24 * HOUR;
function parseTime(iso) {
  if (iso === void 0 || iso === "") {
    return void 0;
  }
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? void 0 : ms;
}
var UNIT_MS = { d: DAY, h: HOUR, m: MINUTE, s: SECOND, ms: 1 };
var UNIT_ORDER = ["d", "h", "m", "s", "ms"];
var DURATION_PART = /(\d+(?:\.\d+)?)\s*(ms|d|h|m|s)\s*/gy;
var DURATION_FORM = "a number with a unit (ms, s, m, h, d), e.g. 90s, 5m, 1h, 1h30m or 500ms";
function durationError(text, why) {
  return { ok: false, error: `invalid duration ${JSON.stringify(text)}: ${why}; use ${DURATION_FORM}` };
}
function whyNotADuration(input) {
  if (input.startsWith("-")) {
    return "it must be more than 0";
  }
  return /^\+?\d+(\.\d+)?$/.test(input) ? "it has no unit" : "it is not a duration";
}
function parseDuration(text) {
  const input = text.trim().toLowerCase();
  if (input === "") {
    return durationError(text, "it is empty");
  }
  let total = 0;
  let lastUnit = -1;
  DURATION_PART.lastIndex = 0;
  while (DURATION_PART.lastIndex < input.length) {
    const match = DURATION_PART.exec(input);
    const unit = match?.[2] ?? "";
    const factor = UNIT_MS[unit];
    if (!match || factor === void 0) {
      return durationError(text, whyNotADuration(input));
    }
    const order = UNIT_ORDER.indexOf(unit);
    if (order <= lastUnit) {
      return durationError(text, "units must go from largest to smallest, each once");
    }
    lastUnit = order;
    total += Number(match[1]) * factor;
  }
  const ms = Math.round(total);
  if (ms <= 0) {
    return durationError(text, "it must be more than 0");
  }
  if (!Number.isSafeInteger(ms)) {
    return durationError(text, "it is too long");
  }
  return { ok: true, value: ms };
}

// src/core/monitor/stale.ts
var DEFAULT_STALE_MS = 5 * 60 * 1e3;
function lastSignOfLife(agent, extraLife) {
  return latestLife(parseTime(agent.startedAt), parseTime(agent.updatedAt), extraLife);
}
function latestLife(start2, updated, extraLife) {
  let life;
  for (const t of [start2, updated, extraLife]) {
    if (t !== void 0 && Number.isFinite(t) && (life === void 0 || t > life)) {
      life = t;
    }
  }
  return life;
}
function displayStateOf(status, life, now, staleMs = DEFAULT_STALE_MS, inferred) {
  if (inferred !== void 0) {
    const lastLife = life ?? now;
    return {
      displayStatus: "stopped",
      stale: false,
      lastLife,
      silentMs: Math.max(0, now - lastLife),
      inferredStop: true,
      ...inferred.at === void 0 ? {} : { stopAt: inferred.at }
    };
  }
  if (life === void 0) {
    return { displayStatus: status, stale: false, lastLife: now, silentMs: 0 };
  }
  const silentMs = Math.max(0, now - life);
  const stale = status === "active" && silentMs >= staleMs;
  return { displayStatus: stale ? "stopped" : status, stale, lastLife: life, silentMs };
}

// src/core/record/json.ts
var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var str = (v) => typeof v === "string" ? v : void 0;
var MAX_JSON_DEPTH = 64;
function nestsAtMost(value, max) {
  const stack = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop();
    if (typeof v !== "object" || v === null) {
      continue;
    }
    if (depth > max) {
      return false;
    }
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === "object" && child !== null) {
        stack.push([child, depth + 1]);
      }
    }
  }
  return true;
}

// src/core/hook/agent-call.ts
function isInterruptedToolStatus(status) {
  const lower = status.toLowerCase();
  return INTERRUPT_WORDS.some((word) => lower.includes(word));
}
var INTERRUPT_WORDS = ["interrupt", "cancel", "abort", "kill"];

// src/core/monitor/duration.ts
function endOfRun(agent, now, display) {
  if (display.stale) {
    return display.lastLife;
  }
  if (display.inferredStop) {
    return display.stopAt ?? display.lastLife;
  }
  switch (display.displayStatus) {
    case "active": {
      return now;
    }
    case "idle": {
      return parseTime(agent.updatedAt);
    }
    case "stopped": {
      return parseTime(agent.stoppedAt) ?? parseTime(agent.updatedAt);
    }
  }
}
function agentDuration(agent, now, display) {
  if (agent.startUnknown === true) {
    return void 0;
  }
  const start2 = parseTime(agent.startedAt);
  const end = endOfRun(agent, now, display);
  if (start2 === void 0 || end === void 0 || !Number.isFinite(end)) {
    return void 0;
  }
  return Math.max(0, end - start2);
}

// src/core/record/provider.ts
var ALL_PROVIDERS = ["claude", "codex", "gemini", "qwen", "opencode"];
function isProvider(value) {
  return typeof value === "string" && ALL_PROVIDERS.includes(value);
}

// src/core/record/agent-record.ts
var AGENT_STATUSES = ["active", "idle", "stopped"];
function isSafeId(value) {
  if (typeof value !== "string" || value.length === 0 || value.length > 128) {
    return false;
  }
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const alnum = c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122;
    if (!alnum && (i === 0 || !(c === 46 || c === 95 || c === 64 || c === 45))) {
      return false;
    }
  }
  return true;
}
function isSpawnDepth(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1 && value <= 1e3;
}
function isTimestamp(value) {
  return typeof value === "string" && value.length > 0 && !Number.isNaN(Date.parse(value));
}
function optionalString(value) {
  return typeof value === "string" ? value : void 0;
}
function parseAgentRecord(json) {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { ok: false, error: "not a JSON object" };
  }
  const o = json;
  if (typeof o.agentId !== "string" || o.agentId === "") {
    return { ok: false, error: "missing agentId" };
  }
  if (typeof o.type !== "string") {
    return { ok: false, error: "missing type" };
  }
  if (typeof o.status !== "string" || !AGENT_STATUSES.includes(o.status)) {
    return { ok: false, error: `unknown status ${JSON.stringify(o.status)}` };
  }
  if (!isTimestamp(o.startedAt)) {
    return { ok: false, error: "missing or invalid startedAt" };
  }
  const updatedAt = isTimestamp(o.updatedAt) ? o.updatedAt : o.startedAt;
  const record = { ...o, updatedAt };
  delete record.host;
  for (const key of [
    "lastMessage",
    "sessionId",
    "cwd",
    "transcriptPath",
    "teammateName",
    "stopReason",
    "description",
    "model",
    "waitingFor",
    "resultStatus"
  ]) {
    if (record[key] !== void 0 && optionalString(record[key]) === void 0) {
      delete record[key];
    }
  }
  for (const key of ["stoppedAt", "resumedAt", "waitingSince"]) {
    if (record[key] !== void 0 && !isTimestamp(record[key])) {
      delete record[key];
    }
  }
  for (const key of ["resumeCount", "totalTokens", "totalToolUseCount", "totalDurationMs"]) {
    const value = record[key];
    if (value !== void 0 && !(typeof value === "number" && Number.isFinite(value) && value >= 0)) {
      delete record[key];
    }
  }
  if (record.spawnDepth !== void 0 && !isSpawnDepth(record.spawnDepth)) {
    delete record.spawnDepth;
  }
  if (record.parentAgentId !== void 0 && !isSafeId(record.parentAgentId)) {
    delete record.parentAgentId;
  }
  if (record.provider !== void 0 && !isProvider(record.provider)) {
    delete record.provider;
  }
  for (const key of ["startUnknown", "lastMessageCut", "interrupted"]) {
    if (record[key] !== void 0 && record[key] !== true) {
      delete record[key];
    }
  }
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === "object" && value !== null && !nestsAtMost(value, MAX_JSON_DEPTH)) {
      delete record[key];
    }
  }
  return { ok: true, value: record };
}

// src/core/text/bounded.ts
var SCAN_LIMIT = 1 << 20;
function isSpace(c) {
  return c >= 9 && c <= 13 || c === 32 || c === 160 || c === 5760 || c >= 8192 && c <= 8202 || c === 8232 || c === 8233 || c === 8239 || c === 8287 || c === 12288 || c === 65279;
}
function foldedPrefix(text, max) {
  let out = "";
  let space = false;
  for (let i = 0; i < text.length && out.length < max; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      space = out.length > 0;
    } else {
      if (space) {
        out += " ";
        space = false;
        if (out.length >= max) {
          break;
        }
      }
      out += text[i];
    }
  }
  return out;
}

// src/core/record/limits.ts
var STOP_FAILURE_PREFIX = "stop-failure:";
function isFailure(reason) {
  return reason?.startsWith(STOP_FAILURE_PREFIX) === true;
}
var USER_STOP_REASON = "user-stop";
var USER_STOP_EVENT = "UserStop";
function isUserStop(reason) {
  return reason === USER_STOP_REASON;
}
var FAILURE_ERROR_CHARS = 200;
function failureReason(error) {
  const text = typeof error === "string" ? foldedPrefix(error, FAILURE_ERROR_CHARS) : "";
  return `${STOP_FAILURE_PREFIX}${text || "unknown"}`;
}
var CUT_MESSAGE_CHARS = 1024 * 1024;
var RESUME_AFTER_STOP_MS = 1500;

// src/core/record/lifecycle-machine.ts
var NO_STEPS = () => void 0;
function isLateRepeat(life, ms, kind, rules = {}) {
  if (life.stopMs === void 0 || rules.ordered) {
    return false;
  }
  if (ms <= life.stopMs) {
    return true;
  }
  const back = rules.sessionStartMs;
  if (back !== void 0 && back > life.stopMs && back <= ms) {
    return false;
  }
  const fromBefore = kind === "idle" || life.startUnknown || life.phase === "interrupted";
  return fromBefore && ms <= life.stopMs + RESUME_AFTER_STOP_MS;
}
function wake(life, at, ms, kind, rules, steps) {
  if (isLateRepeat(life, ms, kind, rules)) {
    if (life.startUnknown && kind === "start") {
      life.startUnknown = false;
      life.startedAt = ms <= life.stopMs ? at : life.stoppedAt;
      life.startMs = Math.min(ms, life.stopMs);
    } else if (kind === "start") {
      noteEarlierStart(life, at, ms);
    }
    return false;
  }
  life.resumeCount += 1;
  life.resumedAt = at;
  life.stoppedAt = void 0;
  life.stopMs = void 0;
  life.stopReason = void 0;
  steps({ kind: "resumed", at });
  return true;
}
function noteEarlierStart(life, at, ms) {
  if (!life.startUnknown && life.startMs !== void 0 && Number.isFinite(ms) && ms < life.startMs) {
    life.startedAt = at;
    life.startMs = ms;
  }
}
function lifeStart(life, at, ms, rules = {}, steps = NO_STEPS) {
  switch (life.phase) {
    case "none": {
      life.phase = "active";
      life.startedAt = at;
      life.startMs = ms;
      steps({ kind: "spawned", at });
      return "spawned";
    }
    case "active": {
      noteEarlierStart(life, at, ms);
      return "repeat";
    }
    case "idle": {
      life.phase = "active";
      steps({ kind: "active", at });
      return "active";
    }
    case "stopped":
    case "interrupted": {
      if (!wake(life, at, ms, "start", rules, steps)) {
        return "late";
      }
      life.phase = "active";
      return "resumed";
    }
  }
}
function lifeIdle(life, at, ms, rules = {}, steps = NO_STEPS) {
  switch (life.phase) {
    case "none": {
      life.phase = "idle";
      life.startUnknown = true;
      steps({ kind: "idle", at });
      return "idle";
    }
    case "active": {
      life.phase = "idle";
      steps({ kind: "idle", at });
      return "idle";
    }
    case "idle": {
      return "repeat";
    }
    case "stopped":
    case "interrupted": {
      if (!wake(life, at, ms, "idle", rules, steps)) {
        return "late";
      }
      life.phase = "idle";
      steps({ kind: "idle", at });
      return "resumed";
    }
  }
}
function lifeStop(life, at, ms, kind, reason, override = false, steps = NO_STEPS) {
  if (kind === "failed" && (life.phase === "stopped" || life.phase === "interrupted")) {
    life.phase = "stopped";
    life.stopReason = reason;
    steps({ kind, at, reason });
    return "failed";
  }
  switch (life.phase) {
    case "stopped": {
      if (kind === "interrupted" && override) {
        life.phase = "interrupted";
        life.stopReason = reason;
        steps({ kind, at, reason });
        return "overridden";
      }
      return "kept";
    }
    case "interrupted": {
      return "kept";
    }
    case "none": {
      life.startUnknown = true;
      break;
    }
    case "active":
    case "idle": {
      break;
    }
  }
  life.phase = kind === "interrupted" ? "interrupted" : "stopped";
  const startMs = life.startMs ?? ms;
  life.stoppedAt = ms >= startMs || life.startedAt === void 0 ? at : life.startedAt;
  life.stopMs = Math.max(ms, startMs);
  life.stopReason = reason;
  steps({ kind, at, reason });
  return "stopped";
}

// src/core/record/fold-state.ts
function newState(agentId, sessionId, at, ms, seq, sink) {
  return {
    agentId,
    sessionId,
    seq,
    sink,
    phase: "none",
    type: "",
    startUnknown: false,
    resumeCount: 0,
    firstAt: at,
    lastAt: at,
    lastMs: ms,
    lifecycle: [],
    onlyImported: true
  };
}
var EXACT_STEPS = 8;
function addStep(s, step) {
  if (s.lifecycle.length < EXACT_STEPS) {
    s.lifecycle = s.lifecycle.concat(step);
  } else {
    s.lifecycle.push(step);
  }
}
function stepsOf(s) {
  return (step) => addStep(s, step);
}
function start(s, line, ms, rules = {}) {
  const moved = lifeStart(s, line.at, ms, rules, stepsOf(s));
  if (moved === "spawned") {
    s.gitStart = line.git;
  } else if (moved === "resumed") {
    s.gitStop = void 0;
  } else if (moved === "late") {
    s.gitStart ??= line.git;
  }
}
function idle(s, line, ms, rules = {}) {
  if (lifeIdle(s, line.at, ms, rules, stepsOf(s)) === "resumed") {
    s.gitStop = void 0;
  }
}
function stop(s, line, ms, kind, reason, overrideCompleted = false) {
  if (lifeStop(s, line.at, ms, kind, reason, overrideCompleted, stepsOf(s)) === "stopped") {
    s.gitStop = line.git;
  }
}

// src/core/result.ts
var ok = (value) => ({ ok: true, value });
var fail = (error) => ({ ok: false, error });

// src/core/record/event-line.ts
var EVENT_STATES = ["active", "idle", "stopped", "interrupted"];
var ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;
function isTimestamp2(value) {
  return typeof value === "string" && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
}
var optionalString2 = (value) => typeof value === "string" ? value : void 0;
var MAX_DATA_DEPTH = MAX_JSON_DEPTH;
function parseGit(value) {
  if (!isObject(value)) {
    return void 0;
  }
  const gitHead = optionalString2(value.head);
  const branch = optionalString2(value.branch);
  if (gitHead === void 0 && branch === void 0) {
    return void 0;
  }
  return { ...gitHead === void 0 ? {} : { head: gitHead }, ...branch === void 0 ? {} : { branch } };
}
function eventLineFrom(json) {
  if (!isObject(json)) {
    return fail("not a JSON object");
  }
  const { v, at, event, sessionId, agentId } = json;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1) {
    return fail("missing or invalid v");
  }
  if (!isTimestamp2(at)) {
    return fail("missing or invalid at");
  }
  if (typeof event !== "string" || event === "") {
    return fail("missing event");
  }
  if (!isSafeId(sessionId)) {
    return fail("missing or unsafe sessionId");
  }
  if (typeof agentId === "string" && !isSafeId(agentId)) {
    return fail("unsafe agentId");
  }
  const line = { v, at, event, sessionId };
  if (typeof agentId === "string") {
    line.agentId = agentId;
  }
  const type = optionalString2(json.type);
  if (type !== void 0) {
    line.type = type;
  }
  if (typeof json.state === "string" && EVENT_STATES.includes(json.state)) {
    line.state = json.state;
  }
  if (isObject(json.data) && nestsAtMost(json.data, MAX_DATA_DEPTH)) {
    line.data = json.data;
  }
  const cwd = optionalString2(json.cwd);
  if (cwd !== void 0) {
    line.cwd = cwd;
  }
  const git = parseGit(json.git);
  if (git !== void 0) {
    line.git = git;
  }
  if (isProvider(json.provider) && json.provider !== "claude") {
    line.provider = json.provider;
  }
  return ok(line);
}
function parseEventLine(text) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(text.trim() === "" ? "empty line" : "not JSON");
  }
  return eventLineFrom(json);
}
var LINE_START = '{"v":';
var MAX_LINE_STARTS = 16;
function readLogLine(text) {
  const parsed = parseEventLine(text);
  if (parsed.ok) {
    return { ok: true, value: parsed.value, torn: false };
  }
  let from = text.indexOf(LINE_START, 1);
  for (let tries = 0; from > 0 && tries < MAX_LINE_STARTS; tries++) {
    const rest = parseEventLine(text.slice(from));
    if (rest.ok) {
      return { ok: true, value: rest.value, torn: true };
    }
    from = text.indexOf(LINE_START, from + 1);
  }
  return parsed;
}
var TORN_LINE = "torn: the cut end of an interrupted write (the event after it on the line is read)";
var DATA_STRING_CHARS = 64 * 1024;

// src/core/history/imported.ts
var IMPORTED_EVENT = "Imported";
function isoOf(text) {
  if (text === void 0) {
    return void 0;
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? void 0 : new Date(ms).toISOString();
}
var finite = (v) => typeof v === "number" && Number.isFinite(v) ? v : void 0;
var count = (v) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : void 0;
function importedFacts(line) {
  if (line.event !== IMPORTED_EVENT) {
    return void 0;
  }
  const data = isObject(line.data) ? line.data : {};
  const out = {};
  const startedAt = isoOf(str(data.startedAt));
  if (startedAt !== void 0) {
    out.startedAt = str(data.startedAt);
  }
  if (isoOf(str(data.stoppedAt)) !== void 0) {
    out.stoppedAt = str(data.stoppedAt);
  }
  const description = str(data.description);
  if (description) {
    out.description = description;
  }
  const model = str(data.model);
  if (model) {
    out.model = model;
  }
  const tokens = count(data.tokens);
  if (tokens !== void 0) {
    out.tokens = tokens;
  }
  const toolCalls = count(data.toolCalls);
  if (toolCalls !== void 0) {
    out.toolCalls = toolCalls;
  }
  const bytes = finite(data.transcriptBytes);
  if (bytes !== void 0) {
    out.transcriptBytes = bytes;
  }
  const mtime = finite(data.transcriptMtimeMs);
  if (mtime !== void 0) {
    out.transcriptMtimeMs = mtime;
  }
  const transcriptPath = str(data.transcriptPath);
  if (transcriptPath) {
    out.transcriptPath = transcriptPath;
  }
  const stopReason = str(data.stopReason);
  if (stopReason) {
    out.stopReason = stopReason;
  }
  return out;
}

// src/core/history/repeats.ts
var REPEAT_WINDOW_MS = 1e3;
function sameJson(a, b) {
  if (a === b) {
    return true;
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  const aKeys = Object.keys(a);
  const bObj = b;
  if (aKeys.length !== Object.keys(bObj).length) {
    return false;
  }
  const aObj = a;
  return aKeys.every((key) => Object.hasOwn(bObj, key) && sameJson(aObj[key], bObj[key]));
}
function payloadData(line) {
  if (line.event !== "SessionEnd" || line.data === void 0 || !Object.hasOwn(line.data, "interrupted")) {
    return line.data;
  }
  const rest = { ...line.data };
  delete rest.interrupted;
  return rest;
}
function isRepeatLine(previous, line) {
  if (line.event !== previous.event || line.agentId !== previous.agentId || line.sessionId !== previous.sessionId || line.type !== previous.type) {
    return false;
  }
  const gap = Math.abs(Date.parse(line.at) - Date.parse(previous.at));
  return gap <= REPEAT_WINDOW_MS && sameJson(payloadData(line), payloadData(previous));
}
var LIFECYCLE = /* @__PURE__ */ new Set(["SubagentStart", "SubagentStop", "StopFailure", "TeammateIdle"]);
var RepeatKeys = class {
  stretch = /* @__PURE__ */ new Map();
  keyOf(line) {
    const agent = `${line.sessionId}
${line.agentId ?? ""}`;
    if (line.agentId === void 0 || !LIFECYCLE.has(line.event)) {
      return `${agent}
${line.event}`;
    }
    let now = this.stretch.get(agent);
    if (now === void 0) {
      now = { event: line.event, n: 0 };
      this.stretch.set(agent, now);
    } else if (now.event !== line.event) {
      now.event = line.event;
      now.n += 1;
    }
    return `${agent}
${line.event}
${now.n}`;
  }
};
var RepeatFilter = class {
  kept = /* @__PURE__ */ new Map();
  keys = new RepeatKeys();
  sweepAt = 1024;
  isRepeat(line, ms) {
    const key = this.keys.keyOf(line);
    const before2 = this.kept.get(key);
    if (before2 !== void 0 && isRepeatLine(before2.line, line)) {
      return true;
    }
    this.kept.set(key, { line, ms });
    if (this.kept.size >= this.sweepAt) {
      for (const [k, v] of this.kept) {
        if (v.ms < ms - REPEAT_WINDOW_MS) {
          this.kept.delete(k);
        }
      }
      this.sweepAt = Math.max(1024, 2 * this.kept.size);
    }
    return false;
  }
};

// src/core/min-heap.ts
var MinHeap = class {
  constructor(before2) {
    this.before = before2;
  }
  before;
  items = [];
  get size() {
    return this.items.length;
  }
  /** The smallest item, without taking it out; undefined when empty. */
  peek() {
    return this.items[0];
  }
  push(item) {
    const heap = this.items;
    let i = heap.push(item) - 1;
    while (i > 0) {
      const parent = i - 1 >> 1;
      if (!this.before(heap[i], heap[parent])) {
        break;
      }
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }
  /** Takes out the smallest item; undefined when empty. */
  pop() {
    const heap = this.items;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last !== void 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < heap.length && this.before(heap[l], heap[min])) {
          min = l;
        }
        if (r < heap.length && this.before(heap[r], heap[min])) {
          min = r;
        }
        if (min === i) {
          break;
        }
        [heap[i], heap[min]] = [heap[min], heap[i]];
        i = min;
      }
    }
    return top;
  }
};

// src/core/history/time-order.ts
var REORDER_WINDOW_MS = 6e4;
var REORDER_MAX_LINES = 1e4;
var REORDER_MAX_BYTES = 32 * 1024 * 1024;
var STREAM_BOUNDS = { windowMs: REORDER_WINDOW_MS, maxLines: REORDER_MAX_LINES, maxBytes: REORDER_MAX_BYTES };
var UNBOUNDED = { windowMs: Number.POSITIVE_INFINITY, maxLines: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY };
var before = (a, b) => a.ms < b.ms || a.ms === b.ms && a.seq < b.seq;
var TimeOrder = class {
  constructor(emit, bounds = STREAM_BOUNDS) {
    this.emit = emit;
    this.bounds = bounds;
  }
  emit;
  bounds;
  /** By (ms, seq). */
  heap = new MinHeap(before);
  seq = 0;
  newest = Number.NEGATIVE_INFINITY;
  bytes = 0;
  /** Lines held now (for tests: the bound holds). */
  get held() {
    return this.heap.size;
  }
  /** Takes a line at `ms` (a parsed time), of `bytes` bytes as read; lets out what the bounds say is in order. */
  push(item, ms, bytes = 0) {
    this.heap.push({ item, ms, seq: this.seq++, bytes });
    this.bytes += bytes;
    if (ms > this.newest) {
      this.newest = ms;
    }
    const { windowMs, maxLines, maxBytes } = this.bounds;
    while (this.heap.size > 0 && (this.heap.size > maxLines || this.bytes > maxBytes || this.heap.peek().ms < this.newest - windowMs)) {
      this.out();
    }
  }
  /** Lets out every line held, in order. */
  flush() {
    while (this.heap.size > 0) {
      this.out();
    }
  }
  out() {
    const top = this.heap.pop();
    this.bytes -= top.bytes;
    this.emit(top.item, top.ms);
  }
};

// src/core/record/launch-status.ts
var LAUNCH_STATUSES = ["async_launched", "teammate_spawned"];
function isLaunchStatus(status) {
  return status !== void 0 && LAUNCH_STATUSES.includes(status);
}

// src/core/history/fold.ts
function hasEnded(status) {
  return status === "completed" || status === "failed" || status === "interrupted" || status === "user-stopped";
}
var count2 = (v) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : void 0;
function toolFacts(s, line, ms) {
  const data = line.data;
  if (!data) {
    return;
  }
  const description = str(data.description);
  if (description) {
    s.description = description;
  }
  const name = str(data.name);
  if (name) {
    s.name = name;
  }
  const model = str(data.model);
  if (model) {
    s.model = model;
  }
  const subagentType = str(data.subagentType);
  if (subagentType) {
    s.subagentType = subagentType;
  }
  const lastRequestTokens = count2(data.totalTokens);
  if (lastRequestTokens !== void 0) {
    s.lastRequestTokens = lastRequestTokens;
  }
  const toolCalls = count2(data.totalToolUseCount);
  if (toolCalls !== void 0) {
    s.toolCalls = toolCalls;
  }
  const status = str(data.status);
  if (status === void 0) {
    return;
  }
  if (isInterruptedToolStatus(status)) {
    stop(s, line, ms, "interrupted", `tool:${status}`, true);
  } else if (status === "failed") {
    stop(s, line, ms, "failed", failureReason(data.error), true);
  } else if (s.phase === "none" && isLaunchStatus(status)) {
    start(s, line, ms);
  } else if (s.phase === "none" && status === "completed") {
    stop(s, line, ms, "completed", `tool:${status}`);
  }
}
function stateFacts(s, line, ms) {
  switch (line.state) {
    case "active": {
      start(s, line, ms);
      break;
    }
    case "idle": {
      idle(s, line, ms);
      break;
    }
    case "stopped": {
      stop(s, line, ms, "completed", line.event);
      break;
    }
    case "interrupted": {
      stop(s, line, ms, "interrupted", line.event);
      break;
    }
    case void 0: {
      break;
    }
  }
}
function importedRun(s, line, ms) {
  const facts = importedFacts(line) ?? {};
  const givenStartMs = facts.startedAt === void 0 ? Number.NaN : Date.parse(facts.startedAt);
  const known = !Number.isNaN(givenStartMs) ? { at: facts.startedAt, ms: givenStartMs } : s.startedAt !== void 0 && s.startMs !== void 0 && !s.startUnknown ? { at: s.startedAt, ms: s.startMs } : void 0;
  s.phase = "none";
  s.startedAt = void 0;
  s.startMs = void 0;
  s.startUnknown = false;
  s.stoppedAt = void 0;
  s.stopMs = void 0;
  s.stopReason = void 0;
  s.resumeCount = 0;
  s.resumedAt = void 0;
  s.gitStart = void 0;
  s.gitStop = void 0;
  s.lifecycle = [];
  s.description = facts.description ?? s.description;
  s.model = facts.model ?? s.model;
  s.tokens = facts.tokens ?? s.tokens;
  s.toolCalls = facts.toolCalls ?? s.toolCalls;
  s.transcriptPath = facts.transcriptPath ?? s.transcriptPath;
  if (known !== void 0 && known.ms <= ms) {
    start(s, { ...line, at: known.at }, known.ms);
  }
  if (line.state === "stopped" || line.state === "interrupted") {
    const stopAt = facts.stoppedAt ?? line.at;
    const kind = line.state === "interrupted" ? "interrupted" : isUserStop(facts.stopReason) ? "user-stopped" : "completed";
    stop(s, { ...line, at: stopAt }, Date.parse(stopAt), kind, line.state === "stopped" && facts.stopReason !== void 0 ? facts.stopReason : line.event);
  } else {
    stateFacts(s, line, ms);
  }
}
function statusOf(s, now, staleMs) {
  switch (s.phase) {
    case "stopped": {
      return { status: isFailure(s.stopReason) ? "failed" : isUserStop(s.stopReason) ? "user-stopped" : "completed", record: "stopped", stale: false };
    }
    case "interrupted": {
      return { status: "interrupted", record: "stopped", stale: false };
    }
    case "idle": {
      return { status: "idle", record: "idle", stale: false };
    }
    case "none":
    case "active": {
      const stale = displayStateOf("active", s.lastMs, now, staleMs).stale;
      return { status: stale ? "stale" : s.resumeCount > 0 ? "resumed" : "active", record: "active", stale };
    }
  }
}
function finish(s, now, staleMs, events) {
  const { status, record } = statusOf(s, now, staleMs);
  const startUnknown = s.startUnknown || s.startedAt === void 0;
  const startedAt = s.startedAt ?? s.firstAt;
  const asRecord = {
    agentId: s.agentId,
    type: s.type,
    status: record,
    startedAt,
    updatedAt: s.lastAt,
    ...s.stoppedAt === void 0 ? {} : { stoppedAt: s.stoppedAt },
    ...startUnknown ? { startUnknown: true } : {}
  };
  const durationMs = agentDuration(asRecord, now, displayStateOf(record, s.lastMs, now, staleMs));
  const type = s.type || s.subagentType || "";
  return {
    agentId: s.agentId,
    sessionId: s.sessionId,
    type,
    ...s.description === void 0 ? {} : { description: s.description },
    ...s.name === void 0 ? {} : { name: s.name },
    status,
    startedAt,
    ...startUnknown ? { startUnknown: true } : {},
    ...s.stoppedAt === void 0 ? {} : { stoppedAt: s.stoppedAt },
    ...s.resumedAt === void 0 ? {} : { resumedAt: s.resumedAt },
    ...durationMs === void 0 ? {} : { durationMs },
    resumeCount: s.resumeCount,
    ...s.stopReason === void 0 ? {} : { stopReason: s.stopReason },
    ...s.tokens === void 0 ? {} : { tokens: s.tokens },
    ...s.lastRequestTokens === void 0 ? {} : { lastRequestTokens: s.lastRequestTokens },
    ...s.toolCalls === void 0 ? {} : { toolCalls: s.toolCalls },
    ...s.model === void 0 ? {} : { model: s.model },
    ...s.transcriptPath === void 0 ? {} : { transcriptPath: s.transcriptPath },
    ...s.cwd === void 0 ? {} : { cwd: s.cwd },
    git: { ...s.gitStart === void 0 ? {} : { start: s.gitStart }, ...s.gitStop === void 0 ? {} : { stop: s.gitStop } },
    ...s.parentAgentId === void 0 ? {} : { parentAgentId: s.parentAgentId },
    lastEventAt: s.lastAt,
    lifecycle: s.lifecycle,
    events,
    source: s.onlyImported ? "transcript" : "hook",
    provider: s.provider ?? "claude"
  };
}
function namedInterrupted(line) {
  const list = line.data?.interrupted;
  return Array.isArray(list) ? list.filter(isSafeId) : [];
}
var NO_SINK = { push: () => void 0 };
var EventFold = class {
  constructor(options) {
    this.options = options;
    this.staleMs = options.staleMs ?? DEFAULT_STALE_MS;
    this.order = new TimeOrder((line, ms) => this.fold(line, ms), options.bounds);
    this.makeSink = options.sink ?? (options.keepEvents === false ? () => NO_SINK : () => []);
  }
  options;
  staleMs;
  order;
  repeats = new RepeatFilter();
  makeSink;
  /** Per session, per agent id: its state from the hook's lines, and from Imported lines. */
  sessions = /* @__PURE__ */ new Map();
  /** States made so far. */
  made = 0;
  /** Per session, the time of its latest SessionStart folded (it orders a start after an end: lifecycle-machine.ts). */
  sessionStarts = /* @__PURE__ */ new Map();
  /** Lines held for reordering now (for tests: bounded). */
  get held() {
    return this.order.held;
  }
  /** Agents' states held now (for tests: `drain` lets them go). */
  get agents() {
    let n = 0;
    for (const { hooked, imported } of this.sessions.values()) {
      n += hooked.size + imported.size;
    }
    return n;
  }
  /** Takes one line (`bytes`: its size as read, for the reorder bound). A line whose `at` does not parse is left out. */
  add(line, bytes = 0) {
    const ms = Date.parse(line.at);
    if (!Number.isNaN(ms)) {
      this.order.push(line, ms, bytes);
    }
  }
  /** Folds every line still held for reordering (their sinks get them now). */
  flush() {
    this.order.flush();
  }
  /** The histories, in the order of each agent's first line in time. */
  finish() {
    return [...this.drain()];
  }
  /**
   * `finish` one agent at a time: each agent's state is let go as its history is made, so a
   * caller that keeps only part of each history never holds every state and every history at
   * once. The fold takes no line after.
   */
  *drain() {
    this.order.flush();
    const states = [];
    for (const { hooked, imported } of this.sessions.values()) {
      for (const s of hooked.values()) {
        states.push(s);
      }
      for (const [agentId, s] of imported) {
        if (!hooked.has(agentId)) {
          states.push(s);
        }
      }
    }
    this.sessions.clear();
    states.sort((a, b) => a.seq - b.seq);
    for (let i = 0; i < states.length; i++) {
      const s = states[i];
      states[i] = void 0;
      const sink = s.sink;
      yield { history: finish(s, this.options.now, this.staleMs, Array.isArray(sink) ? sink : []), sink };
    }
  }
  stateOf(byImport, sessionId, agentId, at, ms) {
    let session = this.sessions.get(sessionId);
    if (!session) {
      session = { hooked: /* @__PURE__ */ new Map(), imported: /* @__PURE__ */ new Map() };
      this.sessions.set(sessionId, session);
    }
    const map = byImport ? session.imported : session.hooked;
    let s = map.get(agentId);
    if (!s) {
      s = newState(agentId, sessionId, at, ms, this.made++, this.makeSink(agentId, sessionId));
      map.set(agentId, s);
    }
    return s;
  }
  /** The lifecycle rules of a start or idle in the session: its latest SessionStart, when one came. */
  rulesOf(sessionId) {
    const back = this.sessionStarts.get(sessionId);
    return back === void 0 ? {} : { sessionStartMs: back };
  }
  record(s, line) {
    s.sink.push(line);
  }
  fold(line, ms) {
    if (this.repeats.isRepeat(line, ms)) {
      return;
    }
    this.options.onLine?.(line);
    if (line.agentId === void 0) {
      if (line.event === "SessionStart") {
        this.sessionStarts.set(line.sessionId, ms);
      }
      if (line.event === "SessionEnd") {
        const reason = `session-end:${str(line.data?.reason) ?? "unknown"}`;
        const hit = /* @__PURE__ */ new Set();
        const session = this.sessions.get(line.sessionId);
        for (const map of session === void 0 ? [] : [session.hooked, session.imported]) {
          for (const s2 of map.values()) {
            if (s2.phase === "active" || s2.phase === "idle") {
              hit.add(s2);
            }
          }
        }
        for (const id of namedInterrupted(line)) {
          const s2 = this.stateOf(false, line.sessionId, id, line.at, ms);
          if (s2.phase === "active" || s2.phase === "idle" || s2.phase === "none") {
            hit.add(s2);
          }
        }
        for (const s2 of hit) {
          stop(s2, line, ms, "interrupted", reason);
          this.record(s2, line);
          s2.onlyImported = false;
        }
      }
      return;
    }
    const s = this.stateOf(line.event === IMPORTED_EVENT, line.sessionId, line.agentId, line.at, ms);
    this.record(s, line);
    if (line.provider !== void 0) {
      s.provider = line.provider;
    }
    if (ms >= s.lastMs) {
      s.lastMs = ms;
      s.lastAt = line.at;
    }
    if (line.event !== "Imported") {
      s.onlyImported = false;
    }
    if (line.type) {
      s.type = line.type;
    }
    s.cwd ??= line.cwd;
    const transcript = isObject(line.data) ? str(line.data.agentTranscriptPath) : void 0;
    if (transcript !== void 0 && line.event !== IMPORTED_EVENT) {
      s.transcriptPath = transcript;
    }
    const parent = isObject(line.data) ? line.data.parentAgentId : void 0;
    if (s.parentAgentId === void 0 && isSafeId(parent) && parent !== s.agentId) {
      s.parentAgentId = parent;
    }
    switch (line.event) {
      case "SubagentStart": {
        start(s, line, ms, this.rulesOf(line.sessionId));
        break;
      }
      case "SubagentStop": {
        stop(s, line, ms, "completed", "subagent-stop");
        break;
      }
      case "StopFailure": {
        stop(s, line, ms, "failed", failureReason(isObject(line.data) ? line.data.error : void 0));
        break;
      }
      case USER_STOP_EVENT: {
        stop(s, line, ms, "user-stopped", USER_STOP_REASON);
        break;
      }
      case "TeammateIdle": {
        idle(s, line, ms, this.rulesOf(line.sessionId));
        break;
      }
      case "PostToolUse": {
        toolFacts(s, line, ms);
        break;
      }
      case IMPORTED_EVENT: {
        importedRun(s, line, ms);
        break;
      }
      default: {
        stateFacts(s, line, ms);
      }
    }
  }
};

// src/core/history/retention.ts
var DAY_MS = 24 * 60 * 60 * 1e3;
var DEFAULT_RETENTION_MS = 30 * DAY_MS;
var RETENTION_ENV = "AGENTLOG_RETENTION";
var MIN_RETENTION_MS = 60 * 60 * 1e3;
function parseRetention(text) {
  const parsed = parseDuration(text);
  if (!parsed.ok) {
    return { ok: false, error: `invalid retention: ${parsed.error}` };
  }
  if (parsed.value < MIN_RETENTION_MS) {
    return {
      ok: false,
      error: `invalid retention: ${formatRetention(parsed.value)} is under 1h, which would remove each session's history soon after it ends (1m is one minute; a month is 30d)`
    };
  }
  return parsed;
}
function retentionFrom(env) {
  const value = env[RETENTION_ENV];
  if (value === void 0 || value.trim() === "") {
    return { ms: DEFAULT_RETENTION_MS, source: "default" };
  }
  const parsed = parseRetention(value);
  return parsed.ok ? { ms: parsed.value, source: "env" } : { ms: DEFAULT_RETENTION_MS, source: "default", warning: `${RETENTION_ENV}: ${parsed.error}; using the default, 30d` };
}
function formatRetention(ms) {
  const units = [
    ["d", DAY_MS],
    ["h", 60 * 60 * 1e3],
    ["m", 60 * 1e3],
    ["s", 1e3],
    ["ms", 1]
  ];
  let rest = Math.max(0, Math.round(ms));
  let out = "";
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    if (n > 0) {
      out += `${n}${unit}`;
      rest -= n * size;
    }
  }
  return out === "" ? "0ms" : out;
}
function livesFromHistory(histories) {
  return histories.map((h) => {
    const status = h.status === "idle" ? "idle" : hasEnded(h.status) ? "stopped" : "active";
    const life = Date.parse(h.lastEventAt);
    return Number.isNaN(life) ? { agentId: h.agentId, status } : { agentId: h.agentId, status, lifeMs: life };
  });
}
function isLive(agent, now, staleMs = DEFAULT_STALE_MS) {
  const shown = displayStateOf(agent.status, agent.lifeMs, now, staleMs).displayStatus;
  return shown === "active" || shown === "idle";
}
function sessionsToPrune(sessions, rule) {
  const staleMs = rule.staleMs ?? DEFAULT_STALE_MS;
  const cutoff = rule.now - rule.olderThanMs;
  const remove = [];
  const keep = [];
  for (const session of sessions) {
    if (session.lastEventMs === void 0) {
      keep.push({ session, reason: "unknown-age" });
      continue;
    }
    if (session.lastEventMs > cutoff) {
      keep.push({ session, reason: "recent" });
      continue;
    }
    const live = session.agents.find((agent) => isLive(agent, rule.now, staleMs));
    if (live) {
      keep.push({ session, reason: "live-agent", agentId: live.agentId });
      continue;
    }
    remove.push(session);
  }
  return { remove, keep };
}
function newest(times) {
  let out;
  for (const t of times) {
    if (t !== void 0 && Number.isFinite(t) && (out === void 0 || t > out)) {
      out = t;
    }
  }
  return out;
}

// src/core/paths.ts
var import_node_path2 = require("node:path");
function claudeDir(env, home) {
  return env.CLAUDE_CONFIG_DIR ? (0, import_node_path2.resolve)(env.CLAUDE_CONFIG_DIR) : (0, import_node_path2.join)(home, ".claude");
}
function codexHomeDir(env, home, option) {
  if (option) {
    return (0, import_node_path2.resolve)(option);
  }
  return env.CODEX_HOME ? (0, import_node_path2.resolve)(env.CODEX_HOME) : (0, import_node_path2.join)(home, ".codex");
}

// src/store/fs/errors.ts
var import_node_fs = require("node:fs");
function codeOf(error) {
  return error?.code;
}
function removeFile(file) {
  try {
    (0, import_node_fs.unlinkSync)(file);
  } catch (error) {
    if (codeOf(error) !== "ENOENT") {
      throw error;
    }
  }
}

// src/store/fs/safe-file.ts
var import_node_fs3 = require("node:fs");

// src/store/fs/read-full.ts
var import_node_fs2 = require("node:fs");
function readFull(fd, buf, position) {
  let got = 0;
  while (got < buf.length) {
    const n = (0, import_node_fs2.readSync)(fd, buf, got, buf.length - got, position + got);
    if (n <= 0) {
      break;
    }
    got += n;
  }
  return got;
}

// src/store/fs/safe-file.ts
var NOFOLLOW = import_node_fs3.constants.O_NOFOLLOW ?? 0;
var NONBLOCK = import_node_fs3.constants.O_NONBLOCK ?? 0;
function failure(reason, message) {
  return { ok: false, reason, message };
}
function readRegularFile(file, options) {
  const opened = openRegularFile(file, options.followSymlinks ?? false);
  if (!opened.ok) {
    return opened;
  }
  const { fd, stats } = opened;
  try {
    if (stats.size > options.maxBytes && (options.overflow ?? "fail") === "fail") {
      return failure("too-large", `is ${stats.size} bytes, over the ${options.maxBytes}-byte limit`);
    }
    const want = Math.min(stats.size, options.maxBytes);
    const data = Buffer.allocUnsafe(want);
    const got = readFull(fd, data, 0);
    return { ok: true, data: got === want ? data : data.subarray(0, got), size: stats.size, mtimeMs: stats.mtimeMs, truncated: stats.size > got, stats };
  } catch (error) {
    return failure("unreadable", `cannot read: ${codeOf(error) ?? String(error)}`);
  } finally {
    (0, import_node_fs3.closeSync)(fd);
  }
}
function readRegularText(file, options) {
  const r = readRegularFile(file, options);
  return r.ok ? { ok: true, text: r.data.toString("utf8"), truncated: r.truncated, mtimeMs: r.mtimeMs, stats: r.stats } : r;
}
function openRegularFile(file, followSymlinks = false) {
  let st;
  try {
    st = (0, import_node_fs3.lstatSync)(file, { throwIfNoEntry: false });
  } catch (error) {
    const code = codeOf(error);
    return code === "ENOTDIR" ? failure("missing", "file is gone") : failure("unreadable", `cannot read: ${code ?? String(error)}`);
  }
  if (st === void 0) {
    return failure("missing", "file is gone");
  }
  if (st.isSymbolicLink() && !followSymlinks) {
    return failure("symlink", "is a symbolic link");
  }
  if (!st.isSymbolicLink() && !st.isFile()) {
    return failure("not-regular", st.isDirectory() ? "is a folder" : "is not a regular file");
  }
  let fd;
  try {
    fd = (0, import_node_fs3.openSync)(file, import_node_fs3.constants.O_RDONLY | NONBLOCK | (followSymlinks ? 0 : NOFOLLOW));
  } catch (error) {
    const code = codeOf(error);
    return failure(
      code === "ENOENT" ? "missing" : code === "ELOOP" ? "symlink" : "unreadable",
      code === "ENOENT" ? "file is gone" : `cannot read: ${code ?? String(error)}`
    );
  }
  try {
    const stats = (0, import_node_fs3.fstatSync)(fd);
    if (stats.isFile()) {
      return { ok: true, fd, stats };
    }
    (0, import_node_fs3.closeSync)(fd);
    return failure("not-regular", stats.isDirectory() ? "is a folder" : "is not a regular file");
  } catch (error) {
    (0, import_node_fs3.closeSync)(fd);
    return failure("unreadable", `cannot read: ${codeOf(error) ?? String(error)}`);
  }
}

// src/store/activity/agent-file.ts
var MAX_AGENT_FILE_BYTES = 64 * 1024 * 1024;
function readAgentRecord(file) {
  const read = readRegularText(file, { maxBytes: MAX_AGENT_FILE_BYTES });
  if (!read.ok) {
    return read;
  }
  let json;
  try {
    json = JSON.parse(read.text);
  } catch {
    return read.text.trim() === "" ? { ok: false, reason: "empty", message: "empty file" } : { ok: false, reason: "not-json", message: "not valid JSON" };
  }
  const parsed = parseAgentRecord(json);
  return parsed.ok ? { ok: true, record: parsed.value, mtimeMs: read.mtimeMs, stats: read.stats } : { ok: false, reason: "invalid", message: parsed.error };
}

// src/store/hook/builtin.ts
function requireBuiltin(name) {
  const get = process.getBuiltinModule;
  if (get) {
    return get(name);
  }
  if (typeof require === "function") {
    return require(name);
  }
  throw new Error(`cannot load ${name}: no process.getBuiltinModule and no require in this Node`);
}

// src/store/hook/lock.ts
var sleeper = new Int32Array(new SharedArrayBuffer(4));

// src/store/history/daily-prune.ts
var DAY_MS2 = 24 * 60 * 60 * 1e3;

// src/store/history/event-log.ts
var import_node_fs4 = require("node:fs");
var import_node_path3 = __toESM(require("node:path"), 1);

// src/store/history/slim-line.ts
var LONG_TEXT_KEYS = ["lastMessage", "prompt", "report"];
var SLIM_ABOVE_CHARS = 64;
function cyrb53Final(a, b) {
  const h1 = Math.imul(a ^ a >>> 16, 2246822507) ^ Math.imul(b ^ b >>> 13, 3266489909);
  const h2 = Math.imul(b ^ b >>> 16, 2246822507) ^ Math.imul(h1 ^ h1 >>> 13, 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
function longTextStandIn(text) {
  let a1 = 3735928559 ^ 1;
  let b1 = 1103547991 ^ 1;
  let a2 = 3735928559 ^ 2;
  let b2 = 1103547991 ^ 2;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    a1 = Math.imul(a1 ^ ch, 2654435761);
    b1 = Math.imul(b1 ^ ch, 1597334677);
    a2 = Math.imul(a2 ^ ch, 2654435761);
    b2 = Math.imul(b2 ^ ch, 1597334677);
  }
  return `\0${text.length}:${cyrb53Final(a1, b1).toString(36)}:${cyrb53Final(a2, b2).toString(36)}`;
}
function slimLine(line) {
  const data = line.data;
  if (data === void 0) {
    return line;
  }
  let slim;
  for (const key of LONG_TEXT_KEYS) {
    const value = data[key];
    if (typeof value === "string" && value.length > SLIM_ABOVE_CHARS) {
      slim ??= { ...data };
      slim[key] = longTextStandIn(value);
    }
  }
  return slim === void 0 ? line : { ...line, data: slim };
}

// src/store/history/event-log.ts
var EVENT_LOG_CHUNK_BYTES = 1024 * 1024;
var MAX_EVENT_LINE_BYTES = 8 * 1024 * 1024;
function* eventLogItems(sessionDir, options = {}) {
  const file = import_node_path3.default.join(sessionDir, EVENT_LOG_NAME);
  const opened = openRegularFile(file);
  if (!opened.ok) {
    return opened.reason === "missing" ? {} : { problem: `${EVENT_LOG_NAME} ${opened.message}` };
  }
  const { fd, stats } = opened;
  const chunkBytes = Math.max(1, options.chunkBytes ?? EVENT_LOG_CHUNK_BYTES);
  const maxLine = options.maxLineBytes ?? MAX_EVENT_LINE_BYTES;
  const overLong = `line over ${maxLine} bytes`;
  const folder = options.sessionId;
  let lineNumber = 1;
  let carry = [];
  let carryBytes = 0;
  let skipping = false;
  const out = [];
  let lineStart = 0;
  const take = (text, cut, bytes) => {
    if (text.trim() === "") {
      return;
    }
    const read = readLogLine(text);
    if (!read.ok) {
      out.push({ skipped: { lineNumber, error: cut ? `cut: no newline at the end (${read.error})` : read.error } });
      return;
    }
    if (read.torn) {
      out.push({ skipped: { lineNumber, error: TORN_LINE } });
    }
    if (folder !== void 0 && read.value.sessionId !== folder) {
      out.push({ skipped: { lineNumber, error: `names another session (${read.value.sessionId}) than its folder` } });
    } else {
      out.push({ line: read.value, bytes, offset: lineStart });
    }
  };
  const carried = () => (carry.length === 1 ? carry[0] : Buffer.concat(carry, carryBytes)).toString("utf8");
  const startSkipping = () => {
    out.push({ skipped: { lineNumber, error: overLong } });
    carry = [];
    carryBytes = 0;
    skipping = true;
  };
  try {
    const buf = Buffer.allocUnsafe(Math.min(chunkBytes, Math.max(1, stats.size)));
    let position = 0;
    while (position < stats.size) {
      const n = (0, import_node_fs4.readSync)(fd, buf, 0, Math.min(buf.length, stats.size - position), position);
      if (n === 0) {
        break;
      }
      const chunkStart = position;
      position += n;
      const data = n === buf.length ? buf : buf.subarray(0, n);
      let start2 = 0;
      for (let nl = data.indexOf(10); nl >= 0; nl = data.indexOf(10, start2)) {
        if (skipping) {
          skipping = false;
        } else if (carryBytes > 0) {
          if (carryBytes + nl - start2 > maxLine) {
            out.push({ skipped: { lineNumber, error: overLong } });
          } else {
            carry.push(data.subarray(start2, nl));
            carryBytes += nl - start2;
            take(carried(), false, carryBytes);
          }
          carry = [];
          carryBytes = 0;
        } else if (nl - start2 > maxLine) {
          out.push({ skipped: { lineNumber, error: overLong } });
        } else {
          take(data.toString("utf8", start2, nl), false, nl - start2);
        }
        lineNumber++;
        start2 = nl + 1;
        lineStart = chunkStart + start2;
        while (out.length > 0) {
          yield out.shift();
        }
      }
      if (start2 < n && !skipping) {
        if (carryBytes + n - start2 > maxLine) {
          startSkipping();
        } else {
          carry.push(Buffer.from(data.subarray(start2, n)));
          carryBytes += n - start2;
        }
      }
      while (out.length > 0) {
        yield out.shift();
      }
    }
    if (carryBytes > 0) {
      take(carried(), true, carryBytes);
      while (out.length > 0) {
        yield out.shift();
      }
    }
    return {};
  } catch (error) {
    return { problem: `${EVENT_LOG_NAME} cannot be read: ${codeOf(error) ?? String(error)}` };
  } finally {
    (0, import_node_fs4.closeSync)(fd);
  }
}

// src/core/transcript/synthetic-model.ts
var SYNTHETIC_MODEL = "<synthetic>";

// src/core/cost/cost.ts
var NO_COST = { usd: 0, priced: 0, unpriced: 0 };
function addCost(a, b, sign = 1) {
  return { usd: a.usd + sign * b.usd, priced: a.priced + sign * b.priced, unpriced: a.unpriced + sign * b.unpriced };
}

// src/core/transcript/tally.ts
var NO_TOKENS = { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 };
function tokenSum(t) {
  return t.input + t.output + t.cacheRead + t.cacheCreation;
}
function addTokens(a, b, sign = 1) {
  return {
    input: a.input + sign * b.input,
    output: a.output + sign * b.output,
    cacheRead: a.cacheRead + sign * b.cacheRead,
    cacheCreation: a.cacheCreation + sign * b.cacheCreation
  };
}
function tallyTotals(t) {
  let tokens = NO_TOKENS;
  let cost = NO_COST;
  let responses = 0;
  let toolCalls = 0;
  for (const s of t.segments) {
    tokens = addTokens(tokens, s.tokens);
    cost = addCost(cost, s.cost);
    responses += s.responses;
    toolCalls += s.toolCalls;
  }
  return { tokens, cost, responses, toolCalls };
}
function runFigures(tally, starts) {
  if (starts.length === 0) {
    return [];
  }
  const ms = starts.map((at) => Date.parse(at));
  const runs = starts.map(() => ({ usage: NO_TOKENS, toolCalls: 0 }));
  for (const s of tally.segments) {
    let i = 0;
    if (s.at !== null) {
      for (let k = ms.length - 1; k >= 0; k--) {
        if (ms[k] <= s.at) {
          i = k;
          break;
        }
      }
    }
    const run = runs[i];
    run.usage = addTokens(run.usage, s.tokens);
    run.toolCalls += s.toolCalls;
  }
  return runs.map((run, i) => ({ startedAt: starts[i], tokens: tokenSum(run.usage), usage: run.usage, toolCalls: run.toolCalls }));
}

// src/core/transcript/agent-figures.ts
var given = (text) => text === void 0 || text.trim() === "" ? void 0 : text;
function decideModel(transcript, meta, call, run) {
  return (transcript === SYNTHETIC_MODEL ? void 0 : given(transcript)) ?? given(meta) ?? given(call) ?? given(run);
}
function agentFigures(sources) {
  const { transcript, call, meta } = sources;
  const model = decideModel(transcript?.model, meta?.model, call?.model, sources.run?.model);
  const description = given(call?.description) ?? given(meta?.description) ?? given(sources.promptLine);
  const toolCalls = transcript?.toolCalls ?? call?.toolUseCount;
  return {
    ...transcript === void 0 ? {} : { usage: transcript.tokens, tokens: tokenSum(transcript.tokens) },
    ...transcript?.cost === void 0 ? {} : { cost: transcript.cost },
    ...toolCalls === void 0 ? {} : { toolCalls },
    ...model === void 0 ? {} : { model },
    ...description === void 0 ? {} : { description },
    ...call?.lastRequestTokens === void 0 ? {} : { lastRequestTokens: call.lastRequestTokens }
  };
}

// src/core/history/with-transcript.ts
function runStarts(h) {
  const starts = h.lifecycle.filter((step) => step.kind === "spawned" || step.kind === "resumed").map((step) => step.at);
  return starts.length > 0 ? starts : [h.startedAt];
}
function relive(h, lastMs, options) {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const display = displayStateOf("active", lastMs, options.now, staleMs);
  const record = {
    agentId: h.agentId,
    type: h.type,
    status: "active",
    startedAt: h.startedAt,
    updatedAt: new Date(lastMs).toISOString(),
    ...h.startUnknown ? { startUnknown: true } : {}
  };
  const durationMs = agentDuration(record, options.now, display);
  return { status: display.stale ? "stale" : h.resumeCount > 0 ? "resumed" : "active", ...durationMs === void 0 ? {} : { durationMs } };
}
function withTranscriptFacts(h, facts, options) {
  if (facts === void 0) {
    return h;
  }
  const { tally, meta } = facts;
  const totals = tally === void 0 ? void 0 : tallyTotals(tally);
  const figures = agentFigures({
    ...totals === void 0 ? {} : {
      transcript: {
        tokens: totals.tokens,
        toolCalls: totals.toolCalls,
        model: tally?.model,
        cost: tally?.pricesAsOf === void 0 ? void 0 : { ...totals.cost, asOf: tally.pricesAsOf }
      }
    },
    call: { description: h.description, model: h.model, toolUseCount: h.toolCalls, lastRequestTokens: h.lastRequestTokens },
    meta
  });
  const type = h.type === "" && meta?.agentType !== void 0 ? meta.agentType : h.type;
  const parentAgentId = h.parentAgentId ?? (meta?.parentAgentId !== void 0 && meta.parentAgentId !== h.agentId ? meta.parentAgentId : void 0);
  const lastMs = tally?.lastAt;
  const later = lastMs !== void 0 && lastMs > Date.parse(h.lastEventAt);
  const running = h.status === "active" || h.status === "resumed" || h.status === "stale";
  const lived = later && running ? relive(h, lastMs, options) : void 0;
  const out = {
    ...h,
    type,
    ...lived === void 0 ? {} : lived,
    ...parentAgentId === void 0 ? {} : { parentAgentId },
    ...figures.tokens === void 0 ? {} : { tokens: figures.tokens, usage: figures.usage, runs: runFigures(tally, runStarts(h)) },
    ...figures.cost === void 0 ? {} : { cost: figures.cost },
    ...figures.toolCalls === void 0 ? {} : { toolCalls: figures.toolCalls },
    ...figures.model === void 0 ? {} : { model: figures.model },
    ...figures.description === void 0 ? {} : { description: figures.description },
    ...h.name === void 0 && meta?.name !== void 0 ? { name: meta.name } : {},
    ...later ? { lastActivityAt: new Date(lastMs).toISOString() } : {}
  };
  return out;
}

// src/store/history/session-fold.ts
var NOWHERE = { push: () => void 0 };
function foldSessionLog(sessionDir, options) {
  const fold = new EventFold({
    now: options.now,
    ...options.staleMs === void 0 ? {} : { staleMs: options.staleMs },
    sink: options.sink ?? (() => NOWHERE),
    ...options.onLine === void 0 ? {} : { onLine: options.onLine }
  });
  const items = eventLogItems(sessionDir, {
    ...options.chunkBytes === void 0 ? {} : { chunkBytes: options.chunkBytes },
    ...options.maxLineBytes === void 0 ? {} : { maxLineBytes: options.maxLineBytes },
    ...options.sessionId === void 0 ? {} : { sessionId: options.sessionId }
  });
  let skipped = 0;
  let next = items.next();
  for (; !next.done; next = items.next()) {
    const item = next.value;
    options.onItem?.(item);
    if (item.line === void 0) {
      skipped += 1;
    } else {
      options.workflows?.see(item.line);
      fold.add(options.whole?.(item.line) ? item.line : slimLine(item.line), item.bytes);
    }
  }
  const facts = options.sessionId === void 0 ? void 0 : options.transcripts?.session(options.sessionId);
  let agents = [];
  for (const { history: folded, sink } of fold.drain()) {
    const history = facts === void 0 ? folded : withTranscriptFacts(folded, facts.factsOf(folded), options);
    agents.push(sink instanceof KeptLines ? { ...history, events: sink.lines } : history);
  }
  facts?.save();
  if (options.workflows !== void 0) {
    agents = options.workflows.tag(agents);
  }
  const { problem } = next.value;
  return problem === void 0 ? { agents, skipped } : { agents, skipped, problem };
}
var KeptLines = class {
  constructor(keep) {
    this.keep = keep;
  }
  keep;
  lines = [];
  push(line) {
    if (this.keep(line)) {
      this.lines.push(line);
    }
  }
};

// src/store/history/prune.ts
var PRUNING_PREFIX = ".agentlog-pruning-";
var LEFTOVER_MS = 60 * 60 * 1e3;
var ToolFolderError = class extends Error {
  constructor(activity, folder) {
    super(`the activity folder ${activity} ${folder.reason}; agentlog prunes only its own folder`);
    this.activity = activity;
    this.folder = folder;
    this.name = "ToolFolderError";
  }
  activity;
  folder;
};
function lstatOrUndefined(file) {
  try {
    return (0, import_node_fs5.lstatSync)(file);
  } catch {
    return void 0;
  }
}
function entryType(st) {
  return st.isFile() ? "file" : st.isDirectory() ? "folder" : st.isSymbolicLink() ? "symlink" : "other";
}
function lookAt(sessionDir, id, dir, cutoff, now, staleMs) {
  const log = lstatOrUndefined((0, import_node_path4.join)(sessionDir, EVENT_LOG_NAME));
  const quick = newest([dir.mtimeMs, log?.mtimeMs]);
  if (quick !== void 0 && quick > cutoff) {
    return { facts: { id, lastEventMs: quick, agents: [], bytes: 0 }, dir, log };
  }
  let names;
  try {
    names = (0, import_node_fs5.readdirSync)(sessionDir);
  } catch {
    names = [];
  }
  if (names.length === 0) {
    return { facts: { id, lastEventMs: void 0, agents: [], bytes: 0 }, dir, log };
  }
  const times = [dir.mtimeMs, log?.mtimeMs];
  const agentFiles = [];
  const entries = [];
  let bytes = 0;
  for (const name of names) {
    const st = lstatOrUndefined((0, import_node_path4.join)(sessionDir, name));
    if (st === void 0) {
      continue;
    }
    entries.push({ name, type: entryType(st) });
    bytes += st.isFile() ? st.size : 0;
    if (st.isFile() && isAgentFileName(name)) {
      times.push(st.mtimeMs);
      agentFiles.push(name);
    }
  }
  const foreign = foreignSessionEntries(entries);
  if (foreign.length > 0) {
    return { facts: { id, lastEventMs: newest(times), agents: [], bytes }, dir, log, foreign };
  }
  const byMtime = newest(times);
  if (byMtime !== void 0 && byMtime > cutoff) {
    return { facts: { id, lastEventMs: byMtime, agents: [], bytes }, dir, log };
  }
  const agents = [];
  const notRecords = [];
  for (const name of agentFiles) {
    const read = readAgentRecord((0, import_node_path4.join)(sessionDir, name));
    if (!read.ok && read.reason === "missing") {
      continue;
    }
    const record = read.ok ? read.record : void 0;
    if (record === void 0 || `${record.agentId}.json` !== name) {
      notRecords.push(name);
      continue;
    }
    times.push(parseTime(record.updatedAt));
    const life = lastSignOfLife(record);
    agents.push(life === void 0 ? { agentId: record.agentId, status: record.status } : { agentId: record.agentId, status: record.status, lifeMs: life });
  }
  if (notRecords.length > 0) {
    return { facts: { id, lastEventMs: newest(times), agents, bytes }, dir, log, foreign: notRecords };
  }
  if (log !== void 0) {
    let newestLine;
    const events = foldSessionLog(sessionDir, {
      now,
      staleMs,
      onItem: (item) => {
        if (item.line !== void 0) {
          newestLine = newest([newestLine, parseTime(item.line.at)]);
        }
      }
    });
    times.push(newestLine);
    agents.push(...livesFromHistory(events.agents));
  }
  return { facts: { id, lastEventMs: newest(times), agents, bytes }, dir, log };
}
function unchanged(sessionDir, looked) {
  const dir = lstatOrUndefined(sessionDir);
  if (dir === void 0 || !dir.isDirectory() || dir.ino !== looked.dir.ino || dir.mtimeMs !== looked.dir.mtimeMs) {
    return false;
  }
  const log = lstatOrUndefined((0, import_node_path4.join)(sessionDir, EVENT_LOG_NAME));
  if (log === void 0 || looked.log === void 0) {
    return log === looked.log;
  }
  return log.ino === looked.log.ino && log.mtimeMs === looked.log.mtimeMs && log.size === looked.log.size;
}
var pruneCounter = 0;
function entriesOf(dir) {
  const entries = [];
  for (const name of (0, import_node_fs5.readdirSync)(dir)) {
    const st = lstatOrUndefined((0, import_node_path4.join)(dir, name));
    if (st !== void 0) {
      entries.push({ name, type: entryType(st) });
    }
  }
  return entries;
}
var SwappedError = class extends Error {
  constructor(dir) {
    super(`${dir} was replaced while it was being pruned`);
    this.dir = dir;
    this.name = "SwappedError";
  }
  dir;
};
function requireSameFolder(dir, ino, dev) {
  const st = lstatOrUndefined(dir);
  if (st === void 0 || !st.isDirectory() || st.ino !== ino || st.dev !== dev) {
    throw new SwappedError(dir);
  }
}
function removeOwnFolder(dir, ino, dev) {
  requireSameFolder(dir, ino, dev);
  for (const entry of entriesOf(dir)) {
    if (entry.type === "file" && sessionFileKind(entry.name) !== void 0) {
      removeFile((0, import_node_path4.join)(dir, entry.name));
    }
  }
  (0, import_node_fs5.rmdirSync)(dir);
}
function removeLeftovers(activity, names, now) {
  for (const name of names) {
    if (!name.startsWith(PRUNING_PREFIX)) {
      continue;
    }
    const dir = (0, import_node_path4.join)(activity, name);
    const st = lstatOrUndefined(dir);
    if (st?.isDirectory() && now - st.mtimeMs >= LEFTOVER_MS) {
      try {
        requireSameFolder(dir, st.ino, st.dev);
        if (foreignSessionEntries(entriesOf(dir)).length === 0) {
          removeOwnFolder(dir, st.ino, st.dev);
        }
      } catch {
      }
    }
  }
}
function toolHomesFrom(env, home) {
  if (home === void 0 || home === "") {
    return {
      ...env.CLAUDE_CONFIG_DIR ? { claude: claudeDir(env, "") } : {},
      ...env.CODEX_HOME ? { codex: codexHomeDir(env, "") } : {}
    };
  }
  return { claude: claudeDir(env, home), codex: codexHomeDir(env, home), home };
}
function realPathOrUndefined(file) {
  try {
    return (0, import_node_fs5.realpathSync)(file);
  } catch {
    return void 0;
  }
}
function pruneSessions(activity, options) {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const cutoff = options.now - options.olderThanMs;
  const removed = [];
  const kept = [];
  const errors = [];
  let names;
  try {
    names = (0, import_node_fs5.readdirSync)(activity).sort();
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOENT") {
      return { removed, kept, errors };
    }
    throw error;
  }
  const toolFolder = toolFolderOf(activity, names, options.homes ?? {}, realPathOrUndefined(activity));
  if (toolFolder !== void 0) {
    throw new ToolFolderError(activity, toolFolder);
  }
  if (!options.dryRun) {
    removeLeftovers(activity, names, options.now);
  }
  const looked = /* @__PURE__ */ new Map();
  for (const name of names) {
    if (name.startsWith(".") || !isSafeId(name)) {
      continue;
    }
    const sessionDir = (0, import_node_path4.join)(activity, name);
    const st = lstatOrUndefined(sessionDir);
    if (st === void 0) {
      continue;
    }
    if (st.isSymbolicLink()) {
      kept.push({ id: name, reason: "symlink" });
      continue;
    }
    if (!st.isDirectory()) {
      continue;
    }
    const one = lookAt(sessionDir, name, st, cutoff, options.now, staleMs);
    if (one.foreign === void 0) {
      looked.set(name, one);
    } else {
      kept.push({ id: name, reason: "foreign", foreign: one.foreign });
    }
  }
  const decision = sessionsToPrune(
    [...looked.values()].map((l) => l.facts),
    { now: options.now, olderThanMs: options.olderThanMs, staleMs }
  );
  for (const k of decision.keep) {
    kept.push(k.agentId === void 0 ? { id: k.session.id, reason: k.reason } : { id: k.session.id, reason: k.reason, agentId: k.agentId });
  }
  for (const session of decision.remove) {
    const entry = { id: session.id, bytes: session.bytes, lastEventAt: new Date(session.lastEventMs ?? 0).toISOString() };
    if (options.dryRun) {
      removed.push(entry);
      continue;
    }
    const sessionDir = (0, import_node_path4.join)(activity, session.id);
    options.beforeRemove?.(session.id);
    if (!unchanged(sessionDir, looked.get(session.id))) {
      kept.push({ id: session.id, reason: "changed" });
      continue;
    }
    const aside = (0, import_node_path4.join)(activity, `${PRUNING_PREFIX}${session.id}.${process.pid}.${++pruneCounter}`);
    try {
      (0, import_node_fs5.renameSync)(sessionDir, aside);
    } catch (error) {
      errors.push({ id: session.id, error: `cannot be moved aside: ${codeOf(error) ?? String(error)}` });
      continue;
    }
    options.afterMoveAside?.(aside);
    const { ino, dev } = looked.get(session.id).dir;
    let foreign;
    try {
      requireSameFolder(aside, ino, dev);
      foreign = foreignSessionEntries(entriesOf(aside));
    } catch (error) {
      errors.push({
        id: session.id,
        error: error instanceof SwappedError ? `was replaced by something else while it was being pruned; nothing was removed (it is ${aside})` : `cannot be listed: ${codeOf(error) ?? String(error)} (it is ${aside})`
      });
      continue;
    }
    if (foreign.length > 0) {
      try {
        (0, import_node_fs5.renameSync)(aside, sessionDir);
        kept.push({ id: session.id, reason: "foreign", foreign });
      } catch (error) {
        errors.push({
          id: session.id,
          error: `holds files agentlog did not write (${describeForeign(foreign)}); left as ${aside} (${codeOf(error) ?? String(error)})`
        });
      }
      continue;
    }
    try {
      removeOwnFolder(aside, ino, dev);
    } catch (error) {
      const why = error instanceof SwappedError ? "replaced by something else meanwhile" : codeOf(error) ?? String(error);
      errors.push({ id: session.id, error: `removed in part: ${why} (the rest is ${aside})` });
      continue;
    }
    removed.push(entry);
  }
  return { removed, kept, errors };
}
function runDailyPrune(activity, now, log, options = {}) {
  const env = options.env ?? process.env;
  const homes = options.homes ?? toolHomesFrom(env, env.HOME || requireBuiltin("node:os").homedir());
  try {
    let olderThanMs = options.olderThanMs;
    if (olderThanMs === void 0) {
      const retention = retentionFrom(env);
      if (retention.warning !== void 0) {
        log(retention.warning);
      }
      olderThanMs = retention.ms;
    }
    const result = pruneSessions(activity, { now, olderThanMs, staleMs: options.staleMs, homes });
    if (result.removed.length > 0) {
      const bytes = result.removed.reduce((sum, r) => sum + r.bytes, 0);
      log(`daily prune: removed ${result.removed.length} session(s) older than ${formatRetention(olderThanMs)} (${bytes} bytes)`);
    }
    for (const e of result.errors) {
      log(`daily prune: session ${e.id} ${e.error}`);
    }
    return result;
  } catch (error) {
    if (error instanceof ToolFolderError) {
      log(`daily prune: refused: ${error.message}; nothing was removed. ${capitalised(toolFolderFix(homes))}`);
      return void 0;
    }
    log(`daily prune: ${codeOf(error) ?? (error instanceof Error ? error.message : String(error))}`);
    return void 0;
  }
}
var capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runDailyPrune
});
