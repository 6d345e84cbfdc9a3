/** Thrown by a write of a process that no longer holds the table's lease (its epoch is stale). */
export class LeaseLost extends Error {
  constructor(readonly code: string) {
    super(`Lease lost: this process no longer owns table ${code}`);
    this.name = "LeaseLost";
  }
}

export function isLeaseLost(error: unknown): boolean {
  return error instanceof LeaseLost || (error instanceof Error && error.message.startsWith("Lease lost"));
}
