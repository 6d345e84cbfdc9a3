import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { CounterFamily, HistogramFamily } from "./hot";
import { postgresErrorKind } from "./postgres";

describe("hot-path counters and histograms", () => {
  it("write a counter's series in Prometheus's text format, the initial ones at 0", async () => {
    const registry = new Registry();
    const family = new CounterFamily("x_moves_total", "Moves.", "kind", ["bot", "timeout"]).registerIn(
      registry,
    );
    family.child("bot").inc();
    family.child("bot").inc(2);
    family.child("absent").inc();
    expect(await registry.metrics()).toBe(
      [
        "# HELP x_moves_total Moves.",
        "# TYPE x_moves_total counter",
        'x_moves_total{kind="bot"} 3',
        'x_moves_total{kind="timeout"} 0',
        'x_moves_total{kind="absent"} 1',
        "",
      ].join("\n"),
    );
  });

  it("count a value equal to a bucket's bound in that bucket, and larger ones only in +Inf", async () => {
    const registry = new Registry();
    const family = new HistogramFamily("x_seconds", "Time.", "stage", [0.1, 1], ["stored"]).registerIn(
      registry,
    );
    const stored = family.child("stored");
    for (const value of [0.05, 0.1, 0.5, 2]) stored.observe(value);
    expect(await registry.metrics()).toBe(
      [
        "# HELP x_seconds Time.",
        "# TYPE x_seconds histogram",
        'x_seconds_bucket{stage="stored",le="0.1"} 2',
        'x_seconds_bucket{stage="stored",le="1"} 3',
        'x_seconds_bucket{stage="stored",le="+Inf"} 4',
        'x_seconds_sum{stage="stored"} 2.65',
        'x_seconds_count{stage="stored"} 4',
        "",
      ].join("\n"),
    );
  });

  it("write a family without a label as one series without labels", async () => {
    const registry = new Registry();
    new HistogramFamily("x_adoption_seconds", "Adoption.", null, [1])
      .registerIn(registry)
      .child()
      .observe(0.5);
    const text = await registry.metrics();
    expect(text).toContain('x_adoption_seconds_bucket{le="1"} 1\n');
    expect(text).toContain("x_adoption_seconds_count 1\n");
  });
});

describe("PostgreSQL errors", () => {
  it("are told apart by their SQLSTATE class; without one, the connection failed", () => {
    expect(postgresErrorKind({ code: "23505" })).toBe("constraint");
    expect(postgresErrorKind({ code: "08006" })).toBe("connection");
    expect(postgresErrorKind({ code: "57P01" })).toBe("connection");
    expect(postgresErrorKind({ code: "42P01" })).toBe("query");
    expect(postgresErrorKind({ code: "ECONNREFUSED" })).toBe("connection");
    expect(postgresErrorKind(new Error("Connection terminated unexpectedly"))).toBe("connection");
  });
});
