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

/** Total user + system CPU milliseconds of the given processes. */
export function cpuMillis(pids) {
  let ticks = 0
  for (const pid of pids) {
    const s = stat(pid)
    if (s) ticks += s.utime + s.stime
  }
  return (ticks * 1000) / TICKS_PER_SECOND
}
