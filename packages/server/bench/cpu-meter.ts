import { readFileSync } from "node:fs";
import type pg from "pg";

/**
 * CPU time spent on a call, wherever it ran: this process (`process.cpuUsage`) and the PostgreSQL
 * backends serving one database (their `/proc/<pid>/schedstat`, nanoseconds on a CPU; the database
 * must run on this machine). Waiting for a CPU on a loaded machine is not counted, so the figures
 * compare across runs whatever else the machine does.
 */
export class CpuMeter {
  private backends: number[] = [];

  constructor(
    private readonly admin: pg.Client,
    private readonly database: string,
  ) {}

  /** Finds the database's backends again (a pool opens connections as it needs them). */
  async refresh(): Promise<void> {
    const rows = await this.admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
      [this.database],
    );
    this.backends = rows.rows.map((r) => r.pid);
  }

  /** CPU milliseconds used so far by this process and by the database's backends. */
  now(): { own: number; db: number } {
    const own = process.cpuUsage();
    let backends = 0;
    for (const pid of this.backends) backends += backendNs(pid);
    return { own: (own.user + own.system) / 1000, db: backends / 1e6 };
  }
}

function backendNs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return 0; // the connection closed since `refresh`
  }
}
