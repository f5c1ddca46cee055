// CPU time of the workerd processes Miniflare started (children of this process), from /proc.
import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name is in parentheses and may contain spaces: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return {
      comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      ppid: Number(fields[1]),
      utime: Number(fields[11]),
      stime: Number(fields[12]),
    }
  } catch {
    return null
  }
}

/** Pids of workerd processes descended from this one. */
export function workerdPids() {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
  const stats = new Map(all.map((pid) => [pid, stat(pid)]).filter(([, s]) => s))
  const descends = (pid) => {
    for (let current = pid, depth = 0; current > 1 && depth < 10; depth++) {
      if (current === process.pid) return true
      current = stats.get(current)?.ppid ?? 0
    }
    return false
  }
  return [...stats].filter(([pid, s]) => s.comm.startsWith('workerd') && descends(pid)).map(([pid]) => pid)
}

/** Nanoseconds a thread has run, from its schedstat (the scheduler's own clock), or null. */
function runNanos(pid, tid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
  } catch {
    return null
  }
}

/**
 * Total CPU milliseconds of the given processes: the sum of their threads' run time in nanoseconds
 * (schedstat), so a round of a quarter second is measured as precisely as a long one; where the kernel
 * keeps no schedstat, user + system time from stat, in ticks of 10 ms.
 */
export function cpuMillis(pids) {
  let nanos = 0
  let ticks = 0
  for (const pid of pids) {
    let tids = []
    try {
      tids = readdirSync(`/proc/${pid}/task`)
    } catch {}
    const runs = tids.map((tid) => runNanos(pid, tid))
    if (runs.length && runs.every((run) => run !== null)) nanos += runs.reduce((sum, run) => sum + run, 0)
    else {
      const s = stat(pid)
      if (s) ticks += s.utime + s.stime
    }
  }
  return nanos / 1e6 + (ticks * 1000) / TICKS_PER_SECOND
}
