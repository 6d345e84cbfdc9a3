/**
 * Counters and histograms for the hot path (every action, every query): a child per label value is
 * found once and then only adds to plain numbers. prom-client's own `inc`/`observe` hash and validate
 * their labels on every call, a few hundred nanoseconds each; these are read into prom-client's text
 * format only when `/metrics` is scraped (`get`, as a prom-client metric).
 */
import type { Metric, Registry } from "prom-client";

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

interface Collected {
  name: string;
  help: string;
  type: "counter" | "histogram";
  values: Sample[];
  aggregator: "sum";
}

/** One labelled series of a counter. */
export class CounterChild {
  value = 0;
  inc(by = 1): void {
    this.value += by;
  }
}

/** One labelled series of a histogram; `bounds` are the buckets' upper bounds, ascending. */
export class HistogramChild {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }
  observe(value: number): void {
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && value > (bounds[i] as number)) i++;
    if (i < bounds.length) this.counts[i] = (this.counts[i] as number) + 1;
    this.sum += value;
    this.count++;
  }
}

/** A family of series, one per value of its label (or one series when it has no label). */
abstract class Family<Child> {
  protected readonly children = new Map<string, Child>();
  constructor(
    readonly name: string,
    readonly help: string,
    protected readonly label: string | null,
    initial: readonly string[] = [],
  ) {
    for (const value of initial) this.child(value);
  }
  protected abstract create(): Child;
  /** The series of one label value (`""` for a family without a label), made on first use. */
  child(value = ""): Child {
    let child = this.children.get(value);
    if (!child) {
      child = this.create();
      this.children.set(value, child);
    }
    return child;
  }
  protected labelsOf(value: string): Record<string, string> {
    return this.label === null ? {} : { [this.label]: value };
  }
  reset(): void {
    this.children.clear();
  }
  /** Adds this family to a prom-client registry, which reads it on each scrape. */
  registerIn(registry: Registry): this {
    registry.registerMetric(this as unknown as Metric);
    return this;
  }
  abstract get(): Promise<Collected>;
}

export class CounterFamily extends Family<CounterChild> {
  protected create(): CounterChild {
    return new CounterChild();
  }
  async get(): Promise<Collected> {
    const values = [...this.children].map(([value, child]) => ({
      labels: this.labelsOf(value),
      value: child.value,
    }));
    return { name: this.name, help: this.help, type: "counter", values, aggregator: "sum" };
  }
}

export class HistogramFamily extends Family<HistogramChild> {
  constructor(
    name: string,
    help: string,
    label: string | null,
    private readonly bounds: readonly number[],
    initial: readonly string[] = [],
  ) {
    super(name, help, label, []);
    for (const value of initial) this.child(value);
  }
  protected create(): HistogramChild {
    return new HistogramChild(this.bounds);
  }
  async get(): Promise<Collected> {
    const values: Sample[] = [];
    for (const [value, child] of this.children) {
      const labels = this.labelsOf(value);
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += child.counts[i] as number;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...labels, le: bound },
          value: cumulative,
        });
      });
      values.push({
        metricName: `${this.name}_bucket`,
        labels: { ...labels, le: "+Inf" },
        value: child.count,
      });
      values.push({ metricName: `${this.name}_sum`, labels, value: child.sum });
      values.push({ metricName: `${this.name}_count`, labels, value: child.count });
    }
    return { name: this.name, help: this.help, type: "histogram", values, aggregator: "sum" };
  }
}
