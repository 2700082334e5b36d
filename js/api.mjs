// The JS face of the wasm core, shared by every entry point (Node CJS, Node ESM, web).
//
// It only wires: options and calls go to the Rust `Engine` unchanged, results come back as
// the core built them. What it adds is recovery: if the core ever traps (a Rust panic
// aborts the instance), the instance is reset with wasm-bindgen's __wbg_reset_state and every
// ToolSearch rebuilds its engine from its options on next use. The failing call throws a
// ToolSearchError with code "internal_error"; later calls work.

export function define(wasm, runtime) {
  let generation = 0;

  function notReady() {
    // The only error not built by the core: the core is not loaded yet.
    const error = new Error('tool-search is not initialised yet: await ready() before creating a ToolSearch');
    error.name = 'ToolSearchError';
    error.code = 'not_ready';
    return error;
  }

  function recover(error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    wasm.__wbg_reset_state();
    generation += 1;
    throw wasm.panicError(String(error.message));
  }

  class ToolSearch {
    #options;
    #engine;
    #generation = -1;

    constructor(options = {}) {
      if (!runtime.isReady()) throw notReady();
      this.#options = options;
      this.#engine = this.#build();
    }

    #build() {
      try {
        const engine = new wasm.Engine(this.#options);
        this.#generation = generation;
        return engine;
      } catch (error) {
        return recover(error);
      }
    }

    #run(call) {
      if (this.#engine === undefined) throw new TypeError('this ToolSearch was freed');
      if (this.#generation !== generation) this.#engine = this.#build();
      try {
        return call(this.#engine);
      } catch (error) {
        return recover(error);
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
    // Session ids go to the core as they are: it accepts strings and numbers and names
    // anything else in an invalid_argument error (never String()-ified here).
    discovered(sessionId) { return this.#run((e) => e.discovered(sessionId)); }
    isBridge(name) { return this.#run((e) => e.isBridge(String(name))); }
    clear(sessionId) { this.#run((e) => e.clear(sessionId)); }

    /** Releases the wasm memory now (otherwise the garbage collector does it). */
    free() {
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

  return { ToolSearch, ready: runtime.ready, wasmMemoryBytes };
}
