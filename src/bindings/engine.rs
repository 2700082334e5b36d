//! The `Engine` class JS holds: one configured layer and its sessions.

use std::rc::{Rc, Weak};

use js_sys::{Array, Function, JsString, Object, Reflect};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::convert::{
    array_of, check_keys, field, length_of, string_of, stringify, stringify_list, thrown_reason,
    to_js, to_json, with_key, Listed, MAX_JSON_ITEMS,
};
use super::errors;
use crate::engine::{
    read_limit, AssembleContext, CallContext, Handled, Prepared, ToolSearch, Visible,
};
use crate::error::{Error, ErrorCode, Result};
use crate::search::Hit;

/// Tool lists remembered by identity, so an unchanged array of unchanged objects skips
/// serialisation entirely (the per-turn fast path).
const RECENT_LISTS: usize = 4;
/// Session id used when a call gives none.
const DEFAULT_SESSION: &str = "default";
/// The keys a call's context or options may hold: those of `assemble`'s context, `handle`'s
/// and `search`'s options. Each call reads its own and accepts the others, so a host may pass
/// one context object to all three; a key in none of them is an error (see [`check_keys`]).
const CONTEXT_KEYS: &[&str] = &[
    "sessionId",
    "contextWindow",
    "messages",
    "enabledGroups",
    "tokenCounter",
    "tools",
    "limit",
    "explain",
];
/// The keys of `clear`'s options.
const CLEAR_KEYS: &[&str] = &["discoveredOnly"];
/// Bytes from which a bridge's description crosses into JS once while it stays the same (see
/// [`Engine::bridge_to_js`]); the bridges' own texts are shorter.
const LONG_DESCRIPTION: usize = 4096;

/// One configured tool-search layer (wrapped by the JS `ToolSearch` class).
#[wasm_bindgen]
pub struct Engine {
    core: ToolSearch,
    /// The options as read at construction (see [`Engine::options`]).
    options: Value,
    recent: Vec<(Array, Rc<Prepared>)>,
    hits: HitObjects,
    /// The JS wrapper's `sameItems(a, b)`, if it gave one (see [`Engine::use_helpers`]).
    same_items: Option<Function>,
    /// The JS wrapper's `positions(prev, next)`, if it gave one (see
    /// [`Engine::use_helpers`]).
    positions: Option<Function>,
    /// The last long bridge description and its JS string (see [`Engine::bridge_to_js`]).
    long_description: Option<(String, JsValue)>,
}

/// Makes search hits JS objects cheaply: each tool's name and source become JS strings once
/// per catalog, so no text crosses the boundary per hit. With the JS wrapper's `pushHit`
/// helper a hit costs one call (JS builds the object literal); without it, an object and three
/// property stores (keys made once, see [`with_key`]). The last searched catalog only, held
/// weakly: the strings go when the engine's caches let the catalog go (and the weak handle
/// keeps its address from being reused by another catalog meanwhile).
struct HitObjects {
    catalog: Weak<Prepared>,
    strings: Vec<Option<(JsValue, JsValue)>>,
    /// `function (name, source, score) { this.push({ name, source, score }) }`, if the
    /// wrapper gave one (see [`Engine::use_helpers`]).
    push_hit: Option<Function>,
}

impl HitObjects {
    fn new() -> HitObjects {
        HitObjects {
            catalog: Weak::new(),
            strings: Vec::new(),
            push_hit: None,
        }
    }

    fn make(&mut self, prepared: &Rc<Prepared>, hits: &[(usize, Hit)]) -> JsValue {
        if !Weak::ptr_eq(&self.catalog, &Rc::downgrade(prepared)) {
            self.catalog = Rc::downgrade(prepared);
            self.strings = vec![None; prepared.catalog.len()];
        }
        let mut fields = Vec::with_capacity(hits.len());
        for (position, hit) in hits {
            let (Some(slot), Some(tool)) = (
                self.strings.get_mut(*position),
                prepared.catalog.tools().get(*position),
            ) else {
                continue;
            };
            let (name, source) = slot.get_or_insert_with(|| {
                (
                    JsValue::from_str(&tool.name),
                    tool.source
                        .as_deref()
                        .map_or(JsValue::NULL, JsValue::from_str),
                )
            });
            let score = if hit.score.is_finite() {
                JsValue::from_f64(hit.score)
            } else {
                JsValue::NULL
            };
            fields.push((name.clone(), source.clone(), score));
        }
        if let Some(push) = &self.push_hit {
            let out = Array::new();
            // A helper that throws (or pushes something else) is ignored: the loop below
            // builds the same objects itself.
            if fields
                .iter()
                .all(|(name, source, score)| push.call3(&out, name, source, score).is_ok())
                && out.length() as usize == fields.len()
            {
                return out.into();
            }
        }
        let out = Array::new_with_length(fields.len() as u32);
        for (i, (name, source, score)) in fields.iter().enumerate() {
            let object = Object::new();
            set(&object, "name", name);
            set(&object, "source", source);
            set(&object, "score", score);
            out.set(i as u32, object.into());
        }
        out.into()
    }
}

type JsResult<T> = std::result::Result<T, JsValue>;

#[wasm_bindgen]
impl Engine {
    /// Builds a layer from an options object.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> JsResult<Engine> {
        let options = to_json(&options, "options").map_err(errors::to_js)?;
        let options = if options.is_null() {
            Value::Object(Default::default())
        } else {
            options
        };
        let core = ToolSearch::new(&options).map_err(errors::to_js)?;
        Ok(Engine {
            core,
            options,
            recent: Vec::new(),
            hits: HitObjects::new(),
            same_items: None,
            positions: None,
            long_description: None,
        })
    }

    /// The options this engine was built from, as read then (JSON): the wrapper rebuilds an
    /// engine from them after a reset, not from the host's object, which the host may have
    /// changed since (into options that are no longer valid, failing every later call).
    pub fn options(&self) -> JsValue {
        to_js(&self.options)
    }

    /// Gives the engine the JS wrapper's helpers (one that throws or answers something else
    /// is as good as none, as before this call: the engine then does the work itself):
    /// - `same_items`, `(a, b) => boolean`: whether two arrays hold the same items in order;
    ///   the unchanged-list check then costs one call instead of three boundary crossings per
    ///   tool.
    /// - `push_hit`, `function (name, source, score)` pushing `{ name, source, score }` onto
    ///   `this`: a search hit then costs one call instead of an object and three property
    ///   stores across the boundary.
    /// - `positions`, `(prev, next) => Int32Array | null`: for each item of `next`, its index
    ///   in `prev` when it is the very same object or a new one that `JSON.stringify` surely
    ///   writes as it wrote that item (plain data, compared), else -1 (`null`: too few are).
    ///   A list that shares most of its tools with the last one serialised (a tool added,
    ///   removed or replaced; the same tools rebuilt as new objects) then serialises only its
    ///   other items: the text of the rest is copied from the last list's (see
    ///   [`stringify_list`]). Tool objects are treated as immutable, as for an unchanged list.
    ///
    /// One call for the three: every exported method costs the core its own wrapper.
    #[wasm_bindgen(js_name = useHelpers)]
    pub fn use_helpers(&mut self, same_items: Function, push_hit: Function, positions: Function) {
        self.same_items = Some(same_items);
        self.hits.push_hit = Some(push_hit);
        self.positions = Some(positions);
    }

    /// Notes about options that were clamped.
    pub fn warnings(&self) -> JsValue {
        to_js(self.core.warnings())
    }

    /// Assembles one turn: returns `{tools, active, tier, listingForm, deferred, ...}`.
    pub fn assemble(&mut self, tools: JsValue, ctx: JsValue) -> JsResult<JsValue> {
        self.assemble_inner(tools, ctx).map_err(errors::to_js)
    }

    /// Answers a bridge call: `{type:"reply", result, content}`, `{type:"dispatch", name,
    /// arguments}`, or `null` when `name` is not a bridge tool.
    pub fn handle(&mut self, name: JsValue, args: JsValue, ctx: JsValue) -> JsResult<JsValue> {
        self.handle_inner(name, args, ctx).map_err(errors::to_js)
    }

    /// True when `name` is a tool of the list last assembled for `ctx.sessionId` (`false`
    /// for a non-string): what a host may run for a direct call of that session's model.
    #[wasm_bindgen(js_name = inScope)]
    pub fn in_scope(&mut self, name: JsValue, ctx: JsValue) -> JsResult<bool> {
        self.in_scope_inner(&name, &ctx).map_err(errors::to_js)
    }

    /// Ranks the tools the bridge would search: `[{name, source, score}]`.
    pub fn search(&mut self, query: JsValue, opts: JsValue) -> JsResult<JsValue> {
        self.search_inner(query, opts).map_err(errors::to_js)
    }

    /// True when `name` is a bridge tool of this profile (`false` for a non-string).
    #[wasm_bindgen(js_name = isBridge)]
    pub fn is_bridge(&self, name: JsValue) -> bool {
        string_of(&name, "name")
            .ok()
            .flatten()
            .is_some_and(|n| self.core.is_bridge(&n))
    }

    /// Forgets one session, or all when `session_id` is absent; with `{discoveredOnly: true}`
    /// only the tools it discovered (aalis), keeping its tool list. Takes the raw JS value: a
    /// `String` parameter let the glue pass a number's garbage pointer into the core, which
    /// trapped and reset every instance.
    pub fn clear(&mut self, session_id: JsValue, opts: JsValue) -> JsResult<()> {
        self.clear_inner(&session_id, &opts).map_err(errors::to_js)
    }

    /// The session's discovered tools (aalis), most recently used first; does not refresh
    /// their recency.
    pub fn discovered(&self, session_id: JsValue) -> JsResult<JsValue> {
        let session = session_of(&session_id).map_err(errors::to_js)?;
        Ok(to_js(&self.core.discovered(&session)))
    }

    /// What a call really runs: `{name, arguments, bridge, readOnly}`.
    pub fn unwrap(&self, call: JsValue) -> JsResult<JsValue> {
        let name = field(&call, "name")
            .and_then(|name| string_of(&name, "call.name"))
            .map_err(errors::to_js)?
            .ok_or_else(|| {
                errors::to_js(Error::new(
                    ErrorCode::InvalidArgument,
                    "call.name must be a string",
                ))
            })?;
        let args = field(&call, "arguments")
            .and_then(|args| to_json(&args, "call.arguments"))
            .map_err(errors::to_js)?;
        Ok(to_js(&self.core.unwrap(&name, &args)))
    }

    /// Number of sessions remembered.
    #[wasm_bindgen(js_name = sessionCount)]
    pub fn session_count(&self) -> usize {
        self.core.session_count()
    }

    /// Test-only: panics inside the core, so tests can prove the JS layer recovers.
    #[wasm_bindgen(js_name = __panicForTesting)]
    pub fn panic_for_testing(&self) {
        #[allow(clippy::panic)]
        {
            panic!("deliberate panic requested by a test");
        }
    }
}

impl Engine {
    /// The prepared list for the host's `tools`, and the items it was made from: a shallow
    /// copy of the host's array taken before anything was serialised, so the text and the
    /// objects handed back are the same items whatever a getter, `toJSON` or `tokenCounter`
    /// does to the host's array meanwhile. (The array's own `toJSON`, if it has one, is
    /// not called: its items are the list. A Proxy list whose length or items throw when
    /// copied is serialised as it is, so that its throw is the error.)
    fn tools(&mut self, tools: &JsValue) -> Result<(Rc<Prepared>, Array)> {
        let Some(array) =
            array_of(tools, "tools").map_err(|e| Error::new(ErrorCode::InvalidTool, e.message))?
        else {
            return Err(Error::new(
                ErrorCode::InvalidTool,
                "tools must be an array of tool definitions",
            ));
        };
        // Refused before anything is read: a sparse or Proxy list reporting millions of items
        // would be serialised (every hole a `null`) before the catalog counted them.
        let len = length_of(array);
        let n = len.unwrap_or(0) as usize;
        if n > crate::catalog::MAX_TOOLS {
            return Err(crate::catalog::too_many(n));
        }
        let helper = self.same_items.as_ref();
        if let Some(at) = self
            .recent
            .iter()
            .position(|(seen, _)| same_items(helper, seen, array))
        {
            let entry = self.recent.remove(at);
            let found = (Rc::clone(&entry.1), entry.0.clone());
            self.recent.push(entry);
            return Ok(found);
        }
        // Copied up to the length checked above, read once (a Proxy may report another next
        // time). A length that cannot be read leaves no copy: the list is serialised as it is,
        // and what its trap throws is the error.
        let copy = len.and_then(|len| copy_of(array, len));
        let items = copy.as_ref().unwrap_or(array);
        // Items the last serialised list holds too keep its text (a tool added or removed):
        // the wrapper's helper says which (see `use_helpers`).
        let last = self
            .recent
            .last()
            .map(|(seen, last)| (seen, Rc::clone(last)));
        let reuse = self.positions.as_ref().zip(last.as_ref());
        let reuse = reuse.map(|(positions, (seen, last))| (positions, *seen, last));
        let listed =
            stringify_list(items, "tools", ErrorCode::InvalidTool, reuse).map_err(|whole| {
                match whole.code {
                    // Too large as a whole: no one tool to blame, nothing to serialise again.
                    ErrorCode::LimitExceeded => whole,
                    _ => unserialisable_tool(items).unwrap_or(whole),
                }
            })?;
        // JSON.stringify without indentation: no whitespace between tokens. Definitions whose
        // text was copied from the last list are not parsed again; a list whose every item is
        // the last list's at its place (new objects with the same data) is that list.
        let prepared = match (listed, &last) {
            (Listed::Same(prepared), _) => prepared,
            (Listed::Text(json, copied), Some((_, last))) if !copied.is_empty() => self
                .core
                .prepare_compact_json_from(json, &last.catalog, &copied)?,
            (Listed::Text(json, _), _) => self.core.prepare_compact_json(json)?,
        };
        if self.recent.len() >= RECENT_LISTS {
            self.recent.remove(0);
        }
        // Lists only this table keeps (the core's cache let them go, no session holds them):
        // forgotten, so that memory stays within maxSessionMemoryMB.
        self.recent.retain(|(_, p)| Rc::strong_count(p) > 1);
        // Kept, as the host may push to its own array later.
        match copy {
            Some(copy) => {
                self.recent.push((copy.clone(), Rc::clone(&prepared)));
                Ok((prepared, copy))
            }
            None => Ok((prepared, array.clone())),
        }
    }

    /// A bridge tool as a fresh JS object. A long description (aalis' `search_tools` lists
    /// every searchable tool's name: ~80 KB at 3,454 tools, the same every turn while the list
    /// is) is left out of the JSON that crosses and set afterwards as the JS string of the last
    /// one when the text is the same: escaping and parsing it each turn took ~0.25 ms of an
    /// unchanged list's 0.7. JS strings are immutable, so sharing one is invisible to the
    /// host, which still gets a new object each turn to change as it likes.
    fn bridge_to_js(&mut self, mut bridge: Value) -> JsValue {
        // OpenAI chat nests the function (`{type, function: {name, description, …}}`).
        let nested = bridge.get("function").is_some_and(Value::is_object);
        let holder = if nested {
            bridge.get_mut("function")
        } else {
            Some(&mut bridge)
        };
        let long = match holder.and_then(|h| h.get_mut("description")) {
            Some(Value::String(text)) if text.len() >= LONG_DESCRIPTION => std::mem::take(text),
            _ => return to_js(&bridge),
        };
        let object = to_js(&bridge);
        let text = match &self.long_description {
            Some((last, js)) if crate::bytes::same_bytes(last.as_bytes(), long.as_bytes()) => {
                js.clone()
            }
            _ => {
                let js = JsValue::from_str(&long);
                self.long_description = Some((long, js.clone()));
                js
            }
        };
        let holder = if nested {
            with_key("function", |key| Reflect::get(&object, key)).unwrap_or(JsValue::UNDEFINED)
        } else {
            object.clone()
        };
        // The key is in place (its value the empty string): setting keeps the key order.
        set(holder.unchecked_ref(), "description", &text);
        object
    }

    fn assemble_inner(&mut self, tools: JsValue, ctx: JsValue) -> Result<JsValue> {
        check_keys(&ctx, CONTEXT_KEYS, "assemble context")?;
        let (prepared, items) = self.tools(&tools)?;
        let session_id = session(&ctx)?;
        let messages = field(&ctx, "messages")?;
        let messages = if messages.is_undefined() || messages.is_null() {
            None
        } else if array_of(&messages, "messages")?.is_none() {
            return Err(Error::new(
                ErrorCode::InvalidArgument,
                "messages must be an array of messages",
            ));
        } else if length_of(messages.unchecked_ref()).unwrap_or(0) as usize > MAX_JSON_ITEMS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("messages holds more than {MAX_JSON_ITEMS} items"),
            ));
        } else {
            let text = stringify(&messages, "messages", ErrorCode::InvalidArgument)?;
            if text.len() > crate::surrogates::MAX_PARSED_BYTES {
                return Err(Error::new(
                    ErrorCode::LimitExceeded,
                    format!(
                        "messages take {} bytes as JSON; at most {} are read (trim or summarise the history)",
                        text.len(),
                        crate::surrogates::MAX_PARSED_BYTES
                    ),
                ));
            }
            Some(crate::surrogates::parse(&text).map_err(|e| {
                let detail = match crate::catalog::first_too_deep(
                    text.as_bytes(),
                    crate::catalog::MAX_DEPTH,
                ) {
                    Some(at) => format!(
                        "message #{at} nests deeper than {} levels; trim or summarise it",
                        crate::tool::MAX_DEPTH
                    ),
                    None => e.to_string(),
                };
                Error::new(
                    ErrorCode::InvalidArgument,
                    format!("messages are not JSON: {detail}"),
                )
            })?)
        };
        let context_window = match to_json(&field(&ctx, "contextWindow")?, "contextWindow")? {
            Value::Null => None,
            Value::Number(n) if n.as_u64().is_some() => n.as_u64(),
            // 2 ** 53 and beyond are whole numbers JS cannot tell apart: saturated (`as`).
            Value::Number(n) if n.as_f64().is_some_and(|f| f >= 0.0 && f.fract() == 0.0) => {
                n.as_f64().map(|f| f as u64)
            }
            other => {
                return Err(Error::new(
                    ErrorCode::InvalidArgument,
                    format!(
                        "contextWindow must be a whole number of tokens, got {}",
                        crate::options::describe(&other)
                    ),
                ))
            }
        };
        let groups = groups(&ctx)?;
        let counter_fn = match field(&ctx, "tokenCounter")? {
            f if f.is_undefined() || f.is_null() => None,
            f => Some(f.dyn_into::<Function>().map_err(|_| {
                Error::new(
                    ErrorCode::InvalidArgument,
                    "tokenCounter must be a function (text) => number",
                )
            })?),
        };
        let counter = |text: &str| -> u64 {
            let fallback = (text.chars().count() as u64).div_ceil(4);
            let Some(f) = &counter_fn else {
                return fallback;
            };
            match f
                .call1(&JsValue::NULL, &JsValue::from_str(text))
                .ok()
                .and_then(|v| v.as_f64())
            {
                Some(n) if n.is_finite() && n >= 0.0 => n.ceil() as u64,
                _ => fallback,
            }
        };
        let ctx = AssembleContext {
            session_id: &session_id,
            messages: messages.as_ref(),
            context_window,
            enabled_groups: groups.as_deref(),
            token_counter: counter_fn
                .as_ref()
                .map(|_| &counter as &dyn Fn(&str) -> u64),
        };
        let assembly = self.core.assemble(Rc::clone(&prepared), &ctx)?;
        let out = Array::new_with_length(assembly.tools.len() as u32);
        for (i, visible) in assembly.tools.into_iter().enumerate() {
            let item = match visible {
                // Handed back as the host's own object: a Proxy list that throws now is an
                // error, not an exception through the core.
                Visible::Input(at) => tool_at(&items, at as u32)?,
                Visible::Bridge(value) => self.bridge_to_js(value),
            };
            out.set(i as u32, item);
        }
        let result = Object::new();
        set(&result, "tools", &out);
        set(&result, "active", &JsValue::from_bool(assembly.active));
        set(&result, "tier", &JsValue::from(assembly.tier));
        set(&result, "listingForm", &to_js(&assembly.listing_form));
        set(
            &result,
            "deferred",
            &JsValue::from(assembly.deferred as u32),
        );
        set(&result, "budgetTokens", &to_js(&assembly.budget_tokens));
        set(
            &result,
            "listingTokens",
            &JsValue::from(assembly.listing_tokens as f64),
        );
        set(
            &result,
            "deferredTokens",
            &JsValue::from(assembly.deferred_tokens as f64),
        );
        set(&result, "warnings", &to_js(&assembly.warnings));
        Ok(result.into())
    }

    fn in_scope_inner(&mut self, name: &JsValue, ctx: &JsValue) -> Result<bool> {
        check_keys(ctx, CONTEXT_KEYS, "inScope context")?;
        let session_id = session(ctx)?;
        // No tool has an empty name.
        self.core
            .in_scope(&session_id, &string_of(name, "name")?.unwrap_or_default())
    }

    fn handle_inner(&mut self, name: JsValue, args: JsValue, ctx: JsValue) -> Result<JsValue> {
        let Some(name) = string_of(&name, "name")? else {
            return Err(Error::new(
                ErrorCode::InvalidArgument,
                "name must be a string",
            ));
        };
        check_keys(&ctx, CONTEXT_KEYS, "handle context")?;
        let args = to_json(&args, "arguments")?;
        let session_id = session(&ctx)?;
        let groups = groups(&ctx)?;
        let ctx = CallContext {
            session_id: &session_id,
            enabled_groups: groups.as_deref(),
        };
        let handled = self.core.handle(&name, &args, &ctx)?;
        let result = Object::new();
        match handled {
            None => return Ok(JsValue::NULL),
            Some(Handled::Reply(value)) => {
                set(&result, "type", &JsValue::from_str("reply"));
                set(&result, "content", &JsValue::from_str(&value.to_string()));
                set(&result, "result", &to_js(&value));
            }
            Some(Handled::Dispatch { name, arguments }) => {
                set(&result, "type", &JsValue::from_str("dispatch"));
                set(&result, "name", &JsValue::from_str(&name));
                set(&result, "arguments", &to_js(&arguments));
            }
        }
        Ok(result.into())
    }

    /// One query's results as JS objects (through JSON when they carry explanations).
    fn found(
        &mut self,
        prepared: &Rc<Prepared>,
        query: &str,
        limit: usize,
        explain: bool,
    ) -> JsValue {
        if explain {
            return to_js(&prepared.search(query, limit, true));
        }
        self.hits
            .make(prepared, &prepared.hits(query, limit, false))
    }

    fn clear_inner(&mut self, session_id: &JsValue, opts: &JsValue) -> Result<()> {
        check_keys(opts, CLEAR_KEYS, "clear options")?;
        let flag = field(opts, "discoveredOnly")?;
        let discovered_only = match flag.as_bool() {
            Some(b) => b,
            None if flag.is_undefined() || flag.is_null() => false,
            None => {
                return Err(Error::new(
                    ErrorCode::InvalidArgument,
                    "discoveredOnly must be a boolean",
                ))
            }
        };
        // Only an absent id means every session: `null` is the default session, as in every
        // other call (a host passing a nullable id through must not forget every tenant).
        let session = if session_id.is_undefined() {
            None
        } else {
            Some(session_of(session_id)?)
        };
        if discovered_only {
            self.core.clear_discovered(session.as_deref());
        } else {
            self.core.clear(session.as_deref());
        }
        Ok(())
    }

    fn search_inner(&mut self, query: JsValue, opts: JsValue) -> Result<JsValue> {
        check_keys(&opts, CONTEXT_KEYS, "search options")?;
        let tools = field(&opts, "tools")?;
        let prepared = if tools.is_undefined() || tools.is_null() {
            self.core.session(&session(&opts)?)?
        } else {
            self.tools(&tools)?.0
        };
        // A limit that is no JSON (NaN, a function) is a bad limit like any other.
        let limit = to_json(&field(&opts, "limit")?, "limit")
            .map_err(|e| Error::new(ErrorCode::InvalidQuery, e.message))?;
        let limit = read_limit(Some(&limit), 10)?;
        let explain = match to_json(&field(&opts, "explain")?, "explain")? {
            Value::Null => false,
            Value::Bool(b) => b,
            other => {
                return Err(Error::new(
                    ErrorCode::InvalidArgument,
                    format!(
                        "explain must be a boolean, got {}",
                        crate::options::describe(&other)
                    ),
                ))
            }
        };
        match to_json(&query, "query")? {
            Value::String(q) => Ok(self.found(&prepared, &q, limit, explain)),
            Value::Array(items) => {
                let out = Array::new();
                for (i, item) in items.iter().enumerate() {
                    let Value::String(q) = item else {
                        return Err(Error::new(
                            ErrorCode::InvalidQuery,
                            format!("query[{i}] is not a string"),
                        ));
                    };
                    let group = Object::new();
                    set(&group, "query", &JsValue::from_str(q));
                    set(&group, "results", &self.found(&prepared, q, limit, explain));
                    out.push(&group);
                }
                Ok(out.into())
            }
            other => Err(Error::new(
                ErrorCode::InvalidQuery,
                format!(
                    "query must be a string or an array of strings, got {}",
                    crate::options::describe(&other)
                ),
            )),
        }
    }
}

/// Item `i` of a host's tool list, read through `Reflect`: what a Proxy's trap throws is an
/// `invalid_tool` error naming the item.
fn tool_at(tools: &Array, i: u32) -> Result<JsValue> {
    Reflect::get_u32(tools, i).map_err(|thrown| {
        Error::new(
            ErrorCode::InvalidTool,
            format!("tool #{i} {}", thrown_reason(&thrown)),
        )
    })
}

/// After `JSON.stringify` refused a tool list (a cycle, a BigInt, a schema nested too deep for
/// the JS stack), the error for the first tool it refuses, naming its position and name.
fn unserialisable_tool(tools: &Array) -> Option<Error> {
    // Through `Reflect` ([`tool_at`], [`length_of`]): a Proxy's throwing trap must come back
    // as an error, not unwind through the core (which would reset it, and every session).
    (0..length_of(tools).unwrap_or(0)).find_map(|i| {
        let tool = match tool_at(tools, i) {
            Ok(tool) => tool,
            Err(unreadable) => return Some(unreadable),
        };
        let read = |object: &JsValue, key: &str| field(object, key).unwrap_or_default();
        let name = read(&tool, "name")
            .as_string()
            .or_else(|| read(&read(&tool, "function"), "name").as_string())
            .map(|n| format!(" ({:?})", crate::error::preview(&n)))
            .unwrap_or_default();
        stringify(&tool, &format!("tool #{i}{name}"), ErrorCode::InvalidTool).err()
    })
}

/// A plain array of the first `n` items of the host's `array`, read one by one through
/// `Reflect` (`None` when a read throws). Made here rather than by the array's own `slice`,
/// which a subclass's species or an override can make return a Proxy or a sparse array of
/// any length.
fn copy_of(array: &Array, n: u32) -> Option<Array> {
    let copy = Array::new_with_length(n);
    for i in 0..n {
        copy.set(i, Reflect::get_u32(array, i).ok()?);
    }
    Some(copy)
}

/// True when both arrays hold the very same objects in the same order: `helper` answers in
/// one call when it can, else the arrays are compared item by item here.
fn same_items(helper: Option<&Function>, a: &Array, b: &Array) -> bool {
    if let Some(answer) = helper
        .and_then(|f| f.call2(&JsValue::UNDEFINED, a, b).ok())
        .and_then(|v| v.as_bool())
    {
        return answer;
    }
    // `a` is our own copy; `b` is the host's and may be a Proxy whose traps throw: read it
    // through `Reflect` (a throw means "not the same"), never through an unwinding getter.
    let len = a.length();
    length_of(b) == Some(len)
        && (0..len).all(|i| Reflect::get_u32(b, i).is_ok_and(|item| Object::is(&a.get(i), &item)))
}

fn session(ctx: &JsValue) -> Result<String> {
    session_of(&field(ctx, "sessionId")?)
}

/// A session id as JS gives it: a string, a number (as its decimal text), or absent
/// (`"default"`); anything else is `invalid_argument`.
/// Longest session id, in bytes: each remembered session keeps its id twice, and ids made from
/// user input could otherwise hold megabytes each (500 sessions of 1 MB ids: ~1 GB).
const MAX_SESSION_ID_BYTES: usize = 1024;

/// True when `text` pairs every UTF-16 surrogate (read unit by unit: meant for short text).
fn well_formed(text: &JsString) -> bool {
    let mut i = 0;
    while i < text.length() {
        match text.char_code_at(i) as u32 {
            0xD800..=0xDBFF if (0xDC00..=0xDFFF).contains(&(text.char_code_at(i + 1) as u32)) => {
                i += 2
            }
            0xD800..=0xDFFF => return false,
            _ => i += 1,
        }
    }
    true
}

fn session_of(value: &JsValue) -> Result<String> {
    if let Some(id) = value.dyn_ref::<JsString>() {
        let units = id.length() as usize;
        if units > 1 << 20 {
            // Not read: it may be huge (shorter ones are measured in bytes below).
            return Err(Error::new(
                ErrorCode::InvalidArgument,
                format!(
                    "sessionId of {units} characters (max {MAX_SESSION_ID_BYTES} bytes); hash a long id"
                ),
            ));
        }
        // Read as UTF-8, "a\ud83d" and "a\ude00" would both be "a\u{fffd}": one session's
        // scope reachable from another.
        if units <= MAX_SESSION_ID_BYTES && !well_formed(id) {
            return Err(Error::new(
                ErrorCode::InvalidArgument,
                format!(
                    "sessionId {:?} holds a lone UTF-16 surrogate (a string cut inside an emoji?); session ids must be well-formed text",
                    crate::error::preview(&id.as_string().unwrap_or_default())
                ),
            ));
        }
    }
    match to_json(value, "sessionId")? {
        Value::Null => Ok(DEFAULT_SESSION.to_string()),
        Value::String(s) if s.len() > MAX_SESSION_ID_BYTES => Err(Error::new(
            ErrorCode::InvalidArgument,
            format!(
                "sessionId of {} bytes (max {MAX_SESSION_ID_BYTES}); hash a long id",
                s.len()
            ),
        )),
        Value::String(s) => Ok(s),
        Value::Number(n) => Ok(n.to_string()),
        other => Err(Error::new(
            ErrorCode::InvalidArgument,
            format!(
                "sessionId must be a string, got {}",
                crate::options::describe(&other)
            ),
        )),
    }
}

fn groups(ctx: &JsValue) -> Result<Option<Vec<String>>> {
    match to_json(&field(ctx, "enabledGroups")?, "enabledGroups")? {
        Value::Null => Ok(None),
        Value::Array(items) => items
            .into_iter()
            .map(|item| match item {
                Value::String(s) => Ok(s),
                other => Err(Error::new(
                    ErrorCode::InvalidArgument,
                    format!(
                        "enabledGroups must hold strings, found {}",
                        crate::options::describe(&other)
                    ),
                )),
            })
            .collect::<Result<Vec<_>>>()
            .map(Some),
        other => Err(Error::new(
            ErrorCode::InvalidArgument,
            format!(
                "enabledGroups must be an array of strings, got {}",
                crate::options::describe(&other)
            ),
        )),
    }
}

fn set(object: &Object, key: &str, value: &JsValue) {
    // Defining a property on a fresh plain object cannot fail.
    let _ = with_key(key, |key| js_sys::Reflect::set(object, key, value));
}

/// Bytes of linear memory the wasm core holds now (for benchmarks and leak checks).
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) as f64) * 65536.0
}
