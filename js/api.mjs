// The JS face of the wasm core, shared by every entry point (Node CJS, Node ESM, web).
//
// It only wires: options and calls go to the Rust `Engine` unchanged (no argument is
// converted here, so every bad value gets the core's own error), results come back as the
// core built them. What it adds is recovery. A call can leave the core inconsistent in two
// ways: it traps (a Rust panic aborts; WebAssembly.RuntimeError), or a JS exception unwinds
// through its frames (a hostile getter, Proxy or toJSON the core could not catch), which
// leaves the Engine borrowed forever ("recursive use of an object detected"). Either way the
// instance is reset with wasm-bindgen's __wbg_reset_state and every ToolSearch rebuilds its
// engine from its options on next use. The failing call throws a ToolSearchError with code
// "internal_error"; sessions are gone (later calls say unknown_session); later calls work.

/** True when `error` is an error this library threw (name "ToolSearchError" with a code). */
function isToolSearchError(error) {
  return error instanceof Error && error.name === 'ToolSearchError' && typeof error.code === 'string';
}

/** A ToolSearchError built on the JS side (the core builds all the others): `code`, `message`,
 * and the `cause` of `options`, as `new Error` takes it. */
export function toolSearchError(code, message, options) {
  const error = new Error(message, options);
  error.name = 'ToolSearchError';
  error.code = code;
  return error;
}

export function define(wasm, runtime) {
  let generation = 0;
  // Calls into the core in progress: a tokenCounter callback may call back in.
  let active = 0;
  // A nested call left the core inconsistent: reset once the outermost call has unwound
  // (resetting under live frames of the old instance would corrupt the outer call).
  let poisoned = false;

  function notReady() {
    // The core is not loaded yet, so it cannot build this one.
    return toolSearchError('not_ready', 'tool-search is not initialised yet: await ready() before creating a ToolSearch');
  }

  function reset(error) {
    wasm.__wbg_reset_state();
    generation += 1;
    poisoned = false;
    const detail = error instanceof WebAssembly.RuntimeError
      ? String(error.message)
      : `${error?.name ?? 'exception'} thrown through the core: ${String(error?.message ?? error)}`;
    return wasm.panicError(detail.slice(0, 200));
  }

  /** Runs `call` against the core and recovers from whatever it leaves behind. */
  function guarded(call) {
    active += 1;
    let failure;
    try {
      return call();
    } catch (error) {
      // The core's own errors are returned normally: it is consistent after them.
      if (isToolSearchError(error)) throw error;
      failure = error;
    } finally {
      active -= 1;
      if (active === 0 && poisoned && failure === undefined) throw reset(new Error('a nested call failed'));
    }
    if (active > 0) {
      // Re-entering an engine that is mid-call is refused by wasm-bindgen without harm;
      // anything else inside a callback poisons the instance for after the outer call.
      if (!/recursive use of an object/.test(String(failure?.message))) poisoned = true;
      throw failure;
    }
    throw reset(failure);
  }

  /** True when both arrays hold the very same items in order: the core's unchanged-list
   * check, handed to it so one call replaces three boundary crossings per tool. */
  function sameItems(a, b) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }

  /** For each item of `next`, its index in `prev` when it is the very same object (and has no
   * `toJSON` of its own) or a new object holding the same plain data as the item at its place
   * in `prev` (counted from the start, or from the end when a tool was added or removed
   * before it: a host that rebuilds its tool objects every turn, say from each MCP
   * `tools/list`), else -1; `null` when fewer than half are, or when `next` has a `toJSON`.
   * The core then copies those items' text from the list it serialised before instead of
   * serialising them again. */
  function positions(prev, next) {
    if (next.toJSON !== undefined) return null;
    const at = new Map();
    for (let i = 0; i < prev.length; i++) if (typeof prev[i] === 'object' && prev[i] !== null) at.set(prev[i], i);
    const out = new Int32Array(next.length);
    const shift = prev.length - next.length;
    let reused = 0;
    // After 16 misses in a row (a host that stamps every tool anew each turn, or a changed
    // stretch of tools) only one item in 32 is compared until one matches again.
    let misses = 0;
    const same = (item, i, k) => {
      if (k < 0 || k >= prev.length || (misses >= 16 && i % 32 !== 0)) return false;
      const equal = sameData(item, prev[k], 0);
      misses = equal ? 0 : misses + 1;
      return equal;
    };
    for (let i = 0; i < next.length; i++) {
      const item = next[i];
      let j;
      if (typeof item === 'object' && item !== null && item.toJSON === undefined) {
        j = at.get(item);
        if (j === undefined && same(item, i, i)) j = i;
        if (j === undefined && shift !== 0 && same(item, i, i + shift)) j = i + shift;
      }
      out[i] = j ?? -1;
      if (j !== undefined) reused++;
    }
    return reused * 2 >= next.length && reused > 0 ? out : null;
  }

  /** True only when `a` and `b` are distinct trees of plain data (plain objects and arrays,
   * strings, numbers that are `===`, booleans, null) that `JSON.stringify` writes alike:
   * the same keys in the same order and the same values, nothing with a `toJSON`. Anything
   * else is not vouched for (false), so that the item is serialised: a function or class
   * instance, nesting past 64, and an object the two hold in common — a host may have
   * shallow-copied a tool and edited its schema in place, which then changed the last list's
   * item too after its text was taken. */
  function sameData(a, b, depth) {
    const type = typeof a;
    if (type === 'string' || type === 'number' || type === 'boolean' || a === null || a === undefined) return a === b;
    if (type !== 'object' || typeof b !== 'object' || b === null || a === b || depth > 64) return false;
    if (a.toJSON !== undefined || b.toJSON !== undefined) return false;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], depth + 1)) return false;
      return true;
    }
    const proto = Object.getPrototypeOf(a);
    if ((proto !== Object.prototype && proto !== null) || Object.getPrototypeOf(b) !== proto) return false;
    // `for…in` lists the own keys in `Object.keys` order without making an array of them
    // (and an enumerable key added to Object.prototype, which JSON.stringify skips, as an
    // extra key: not vouched for).
    const keys = Object.keys(b);
    let i = 0;
    for (const key in a) {
      if (key !== keys[i] || !sameData(a[key], b[key], depth + 1)) return false;
      i += 1;
    }
    return i === keys.length;
  }

  /** Pushes one search hit onto `this` (an array): the core's hit objects, built as a literal
   * here rather than by three property stores across the boundary. */
  function pushHit(name, source, score) {
    this.push({ name, source, score });
  }

  class ToolSearch {
    #options;
    #engine;
    #generation = -1;
    /** Calls of this instance in progress (a callback may call back in). */
    #busy = 0;

    constructor(options = {}) {
      if (!runtime.isReady()) throw notReady();
      this.#options = options;
      this.#engine = this.#build();
      // Rebuilt after a reset from the options as read now, not from the host's object.
      this.#options = this.#engine.options();
    }

    #build() {
      const engine = guarded(() => new wasm.Engine(this.#options));
      engine.useHelpers(sameItems, pushHit, positions);
      this.#generation = generation;
      return engine;
    }

    #run(call) {
      if (this.#engine === undefined) throw new TypeError('this ToolSearch was freed');
      if (this.#generation !== generation) this.#engine = this.#build();
      this.#busy += 1;
      try {
        return guarded(() => call(this.#engine));
      } finally {
        this.#busy -= 1;
      }
    }

    /** Notes about options that were clamped. */
    get warnings() { return this.#run((e) => e.warnings()); }
    /** Number of sessions with an assembled tool list. */
    get sessionCount() { return this.#run((e) => e.sessionCount()); }

    assemble(tools, context = {}) { return this.#run((e) => e.assemble(tools, context)); }
    handle(name, args, context = {}) { return this.#run((e) => e.handle(name, args, context)); }
    search(query, options = {}) { return this.#run((e) => e.search(query, options)); }
    unwrap(call) { return this.#run((e) => e.unwrap(call)); }
    inScope(name, context = {}) { return this.#run((e) => e.inScope(name, context)); }
    // Session ids go to the core as they are: it accepts strings and numbers and names
    // anything else in an invalid_argument error (never String()-ified here).
    discovered(sessionId) { return this.#run((e) => e.discovered(sessionId)); }
    isBridge(name) { return this.#run((e) => e.isBridge(name)); }
    clear(sessionId, options) { this.#run((e) => e.clear(sessionId, options)); }

    /** Releases the wasm memory now (otherwise the garbage collector does it). */
    free() {
      // From a callback of this instance's own call (a tokenCounter, getter or toJSON) the core
      // is mid-call: wasm-bindgen would zero the handle and then refuse the free, leaving a
      // null engine that traps on the next call and resets every instance.
      if (this.#busy > 0) throw new TypeError('free() was called during a call of this ToolSearch (from a callback); call it once the call has returned');
      if (this.#engine !== undefined && this.#generation === generation) this.#engine.free();
      this.#engine = undefined;
    }

    /** Test-only: makes the core panic, to prove recovery. */
    __panicForTesting() { return this.#run((e) => e.__panicForTesting()); }
  }

  /** Bytes of linear memory the wasm core holds now (benchmarks, leak checks). */
  function wasmMemoryBytes() {
    return wasm.wasmMemoryBytes();
  }

  return { ToolSearch, ready: runtime.ready, wasmMemoryBytes, isToolSearchError };
}
