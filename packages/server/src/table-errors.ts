/** A table this process may not load: another process owns it. */
export class NotOwner extends Error {
  constructor(code: string) {
    super(`Table ${code} is owned by another process`);
    this.name = "NotOwner";
  }
}

/** A stored match played under other rules: replaying it would deal other cards and roles. */
export class RulesChanged extends Error {
  constructor(code: string, rules: number, current: number) {
    super(`Table ${code}: its match was played under rules version ${rules}, this server plays ${current}`);
  }
}
