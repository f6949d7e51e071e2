// Cost of validateRequest (generated/validators: ajv standalone code plus the error mapping) on a
// valid task createActivity request with 15 data fields, against a plain hand-written check of
// the same fields (unknown names, types, flag and list values, range, date pattern) in the same
// run. The aim is validators within 1.3x of the hand-written check. The cases are interleaved
// round by round (lib.ts compareOps) so machine noise hits both alike; rows hold ms per call,
// and stderr shows ns per call.
// Run: npx tsx bench/validators.bench.ts (BENCH_RUNS=n to change the run count), or npm run bench for all.
import { pathToFileURL } from 'node:url';
import { validateRequest } from '../generated/server/src/validators/index.ts';
import { compareOps, formatTable, type Row } from './lib.ts';

const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 15);
const target = 'activities/task.createActivity.request';

const request = {
  parent: 123,
  data: {
    title: 'Call back',
    details: 'About the offer',
    assignedto: 5,
    nodate: 0,
    duedate: '2024-05-01',
    completed: 0,
    sendnotification: 1,
    remindtime: 30,
    priority: 3,
    billed: 0,
    ignoreweekends: 1,
    timespent: 2,
    timespentmeasure: 'hours',
    timeremains: 4,
    timeremainsmeasure: 'days',
  },
};

// The hand-written check: what a developer would write for this one body, no generality.
const taskFields = new Set([
  'title',
  'details',
  'assignedto',
  'nodate',
  'duedate',
  'completed',
  'sendnotification',
  'remindtime',
  'priority',
  'billed',
  'ignoreweekends',
  'timespent',
  'timespentmeasure',
  'timeremains',
  'timeremainsmeasure',
  'invoiced',
  'notifyoncomplete',
]);
const measures = ['days', 'hours', 'weeks'];
const dateRe = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const emailRe = /^[^@\s,]+@[^@\s,]+$/;
const isInt = (v: unknown) => Number.isInteger(v);
const isFlag = (v: unknown) => v === 0 || v === 1;
const isText = (v: unknown) => typeof v === 'string';

function handWritten(body: unknown): string[] {
  const problems: string[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['body'];
  const r = body as Record<string, unknown>;
  for (const k in r) if (k !== 'parent' && k !== 'data' && k !== 'after' && k !== 'before') problems.push(k);
  if (r.parent === undefined) problems.push('parent required');
  else if (!isInt(r.parent)) problems.push('parent');
  if (r.after !== undefined && !isInt(r.after)) problems.push('after');
  if (r.before !== undefined && !isInt(r.before)) problems.push('before');
  if (r.data === undefined) return problems;
  if (typeof r.data !== 'object' || r.data === null || Array.isArray(r.data)) return [...problems, 'data'];
  const d = r.data as Record<string, unknown>;
  for (const k in d) if (!taskFields.has(k)) problems.push(`data.${k}`);
  if (d.title !== undefined && !isText(d.title)) problems.push('data.title');
  if (d.details !== undefined && !isText(d.details)) problems.push('data.details');
  if (d.assignedto !== undefined && !(isInt(d.assignedto) && (d.assignedto as number) >= 0))
    problems.push('data.assignedto');
  if (d.nodate !== undefined && !isFlag(d.nodate)) problems.push('data.nodate');
  if (d.duedate !== undefined && !(isText(d.duedate) && dateRe.test(d.duedate as string)))
    problems.push('data.duedate');
  if (d.completed !== undefined && !isFlag(d.completed)) problems.push('data.completed');
  if (d.sendnotification !== undefined && !isFlag(d.sendnotification)) problems.push('data.sendnotification');
  if (d.remindtime !== undefined && !isInt(d.remindtime)) problems.push('data.remindtime');
  if (d.priority !== undefined && !(isInt(d.priority) && (d.priority as number) >= 0 && (d.priority as number) <= 6))
    problems.push('data.priority');
  if (d.billed !== undefined && !isFlag(d.billed)) problems.push('data.billed');
  if (d.ignoreweekends !== undefined && !isFlag(d.ignoreweekends)) problems.push('data.ignoreweekends');
  if (d.timespent !== undefined && !isInt(d.timespent)) problems.push('data.timespent');
  if (d.timespentmeasure !== undefined && !measures.includes(d.timespentmeasure as string))
    problems.push('data.timespentmeasure');
  if (d.timeremains !== undefined && !isInt(d.timeremains)) problems.push('data.timeremains');
  if (d.timeremainsmeasure !== undefined && !measures.includes(d.timeremainsmeasure as string))
    problems.push('data.timeremainsmeasure');
  if (d.invoiced !== undefined && !isText(d.invoiced)) problems.push('data.invoiced');
  if (d.notifyoncomplete !== undefined) {
    if (!Array.isArray(d.notifyoncomplete)) problems.push('data.notifyoncomplete');
    else
      for (const [i, e] of d.notifyoncomplete.entries())
        if (!(isText(e) && emailRe.test(e as string))) problems.push(`data.notifyoncomplete.${i}`);
  }
  return problems;
}

const viaValidators = (body: unknown) => validateRequest(target, body);

export default async function validatorsBench(): Promise<Row[]> {
  // Both checks must agree before either is timed: the request passes, and a broken copy fails on the same field.
  const broken = { ...request, data: { ...request.data, priority: 7 } };
  const agree = [
    handWritten(request).length === 0,
    viaValidators(request).length === 0,
    handWritten(broken).join() === 'data.priority',
    viaValidators(broken)
      .map((e) => e.path)
      .join() === 'data.priority',
  ];
  if (agree.includes(false)) throw new Error(`validators bench: the two checks disagree (${agree.join(', ')})`);
  const fields = Object.keys(request.data).length;
  const hand = `hand-written check, task create with ${fields} data fields`;
  const rows = compareOps(
    'validators',
    {
      [hand]: () => handWritten(request),
      validateRequest: () => viaValidators(request),
    },
    { validateRequest: hand },
    runs,
  );
  for (const r of rows)
    process.stderr.write(
      `validators: ${r.case}: ${(r.medianMs * 1e6).toFixed(1)} ns/op, ratio ${r.ratio.toFixed(2)}\n`,
    );
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatTable(await validatorsBench()));
}
