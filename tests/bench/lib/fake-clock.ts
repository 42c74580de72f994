/**
 * A fake clock for a bench outside vitest (no `vi` there): `Date.now()` and a `new Date()`
 * without arguments read it; every other use of `Date` is the real one. It runs at the real
 * pace from the moment it was last set, so the work a step does still takes time on it (a
 * receipt after a send is a few milliseconds later, as it would be), and it only moves forward.
 *
 * Installed as a Proxy of the real `Date` rather than a subclass, so that a date made before the
 * clock was installed (or by the real constructor kept elsewhere) is still `instanceof Date`:
 * the proxy has the real prototype, and only construction without arguments, a call as a
 * function and `Date.now` are changed. Timers (`setTimeout`, `performance.now`) stay real.
 */
export interface FakeClock {
  now(): number
  /** Moves the clock to `at` (epoch ms) unless it is already later. */
  advanceTo(at: number): void
  /** Puts the real `Date` back. */
  restore(): void
}

export function installFakeClock(start: number): FakeClock {
  const RealDate = globalThis.Date
  const realNow = RealDate.now.bind(RealDate)
  let offset = start - realNow()
  const now = () => realNow() + offset
  const fake: DateConstructor = new Proxy(RealDate, {
    construct(target, args: unknown[], newTarget: new (...args: unknown[]) => Date): Date {
      return args.length === 0
        ? Reflect.construct(target, [now()], newTarget === fake ? target : newTarget)
        : Reflect.construct(target, args, newTarget === fake ? target : newTarget)
    },
    // `Date()` called as a function answers the current time as text.
    apply: () => new RealDate(now()).toString(),
    get(target, key, receiver) {
      if (key === 'now') return now
      return Reflect.get(target, key, receiver === fake ? target : receiver) as unknown
    },
  })
  globalThis.Date = fake
  return {
    now,
    advanceTo(at) {
      if (at > now()) offset = at - realNow()
    },
    restore() {
      globalThis.Date = RealDate
    },
  }
}
