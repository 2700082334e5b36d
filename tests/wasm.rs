//! The wasm build through its JS boundary: run in Node and in headless Chrome
//! (`scripts/test.sh wasm`). DTO round trips, errors as ToolSearchError with a code,
//! host objects handed back untouched.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, Reflect, JSON};
use tool_search::bindings::engine::Engine;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const SAMPLE: &str = include_str!("../samples/catalog.json");

fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("valid JSON")
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("readable")
}

fn text(value: &JsValue, key: &str) -> String {
    get(value, key).as_string().unwrap_or_default()
}

fn opts(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &JsValue::from_str(k), v).expect("settable");
    }
    o.into()
}

/// A helper that answers nothing (`undefined`): the engine then does the helper's work itself.
fn noop() -> js_sys::Function {
    js_sys::Function::new_no_args("")
}

fn engine(options: &str) -> Engine {
    Engine::new(js(options)).unwrap_or_else(|e| panic!("{:?}", e))
}

#[wasm_bindgen_test]
fn a_bad_option_throws_a_tool_search_error_with_a_stable_code() {
    let err = Engine::new(js(r#"{"profile":"nope"}"#))
        .err()
        .expect("rejected");
    assert!(err.is_instance_of::<js_sys::Error>());
    assert_eq!(text(&err, "name"), "ToolSearchError");
    assert_eq!(text(&err, "code"), "invalid_config");
    assert!(text(&err, "message").contains("nope"));
}

#[wasm_bindgen_test]
fn a_nan_option_is_rejected_not_read_as_null() {
    let options = opts(&[("maxSessions", JsValue::from_f64(f64::NAN))]);
    let err = Engine::new(options).err().expect("rejected");
    assert_eq!(text(&err, "code"), "invalid_argument");
    assert!(text(&err, "message").contains("maxSessions"));
}

#[wasm_bindgen_test]
fn searching_the_sample_catalog_finds_the_github_issue_tool() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    let hits = engine
        .search(
            JsValue::from_str("create github issue"),
            opts(&[("tools", js(SAMPLE)), ("limit", 3.into())]),
        )
        .expect("search works");
    let hits: Array = hits.dyn_into().expect("an array");
    assert_eq!(hits.length(), 3);
    assert_eq!(text(&hits.get(0), "name"), "create_issue");
    assert_eq!(text(&hits.get(0), "source"), "mcp-github");
}

/// The names of the top `limit` hits of `query` over `tools`.
fn top(engine: &mut Engine, tools: &JsValue, query: &str, limit: u32) -> Vec<String> {
    let hits = engine
        .search(
            JsValue::from_str(query),
            opts(&[("tools", tools.clone()), ("limit", limit.into())]),
        )
        .expect("search works");
    let hits: Array = hits.dyn_into().expect("an array");
    hits.iter().map(|h| text(&h, "name")).collect()
}

/// Asserts each query's first hit over `tools` (a JSON list) in an aalis engine.
fn assert_first(tools: &str, cases: &[(&str, &str)]) {
    let tools = js(tools);
    let mut engine = engine(r#"{"profile":"aalis"}"#);
    for (query, want) in cases {
        assert_eq!(top(&mut engine, &tools, query, 1), [*want], "{query}");
    }
}

#[wasm_bindgen_test]
fn queries_in_other_languages_find_english_described_tools_through_the_wasm_build() {
    // The ranking fixtures' multilingual sentences (tests/ranking.rs), end to end.
    let mut engine = engine(r#"{"profile":"aalis"}"#);
    for (query, want) in [
        ("создать issue в github", "create_issue"),
        ("创建议题", "create_issue"),
        ("покажи файлы в этой папке", "list_directory"),
        ("ファイルに書いて", "write_file"),
        ("결제를 환불해줘", "create_refund"),
        ("lege eine neue Datei an", "create_or_update_file"),
        ("наведи курсор мыши на меню", "browser_hover"),
        ("создай тикет в линеаре", "linear_create_issue"),
        ("ダイアログを処理して", "browser_handle_dialog"),
        ("다이얼로그를 처리해줘", "browser_handle_dialog"),
        ("显示目录树", "directory_tree"),
        ("写一个文件", "write_file"),
        // Traditional Chinese (with Taiwan's 檔案, file, 檢視, view, and 程式碼, code).
        ("寫一個檔案", "write_file"),
        ("檢視這個議題", "get_issue"),
        ("搜尋程式碼", "search_code"),
        // Capitals outside ASCII lower through the crate's own lowercase table.
        ("СОЗДАТЬ ISSUE В GITHUB", "create_issue"),
        (
            "récupère une propriété de la page",
            "API-retrieve-a-page-property",
        ),
    ] {
        let names = top(&mut engine, &js(SAMPLE), query, 3);
        assert!(names.iter().any(|n| n == want), "{query}: {names:?}");
    }
}

#[wasm_bindgen_test]
fn an_id_alone_names_its_object_through_the_wasm_build() {
    // tests/ranking.rs: a Twilio message's id and a Stripe subscription's say what they are.
    let tools = r#"[
        {"name": "TwilioApiV2010--DeleteCall", "source": "twilio",
         "description": "Delete a Call record from your account."},
        {"name": "TwilioApiV2010--DeleteMessage", "source": "twilio",
         "description": "Deletes a Message resource from your account"},
        {"name": "TwilioApiV2010--DeleteRecording", "source": "twilio",
         "description": "Delete a recording from your account"},
        {"name": "list_customers", "source": "stripe",
         "description": "This tool will fetch a list of Customers from Stripe."},
        {"name": "cancel_subscription", "source": "stripe",
         "description": "This tool will cancel a subscription in Stripe. The ID of the subscription to cancel."}
    ]"#;
    assert_first(
        tools,
        &[
            (
                "Delete SM3f9a2c71e0b84d5aa1c2e6f0d7b91c44, wrong number",
                "TwilioApiV2010--DeleteMessage",
            ),
            (
                "Kipp das Stripe-Abo sub_1PqR8sLkd93XyZ, der Kunde springt ab",
                "cancel_subscription",
            ),
        ],
    );
}

#[wasm_bindgen_test]
fn a_noun_in_al_finds_the_verbs_tool_through_the_wasm_build() {
    // tests/ranking.rs: Snowball keeps the -al of rental; its verb's stem meets rent_car.
    let tools = r#"[
        {"name": "list_cars", "source": "fleet",
         "description": "Lists the cars in the fleet with their model and mileage."},
        {"name": "get_car", "source": "fleet", "description": "Gets one car of the fleet by its id."},
        {"name": "rent_car", "source": "fleet",
         "description": "Rents a vehicle to a customer for the given dates."},
        {"name": "service_car", "source": "fleet",
         "description": "Books a car in for service at the garage."}
    ]"#;
    assert_first(tools, &[("a car rental for next week", "rent_car")]);
}

#[wasm_bindgen_test]
fn a_product_written_as_its_users_write_it_finds_its_tools_through_the_wasm_build() {
    // tests/ranking.rs: a label word heard in hangul (쿠버네티스), a name the lexicon lists
    // (구글, 谷歌).
    let tools = r#"[
        {"name": "list_pods", "source": "podman", "description": "List pods on the local machine."},
        {"name": "pods_list", "source": "kubernetes",
         "description": "List all the pods in the current namespace."},
        {"name": "list_files", "source": "dropbox", "description": "List the files in a folder."},
        {"name": "list_files_in_drive", "source": "google-drive",
         "description": "List the files in a Google Drive folder."}
    ]"#;
    assert_first(
        tools,
        &[
            ("쿠버네티스 파드 목록", "pods_list"),
            ("구글 파일 목록", "list_files_in_drive"),
            ("谷歌的文件列表", "list_files_in_drive"),
        ],
    );
}

#[wasm_bindgen_test]
fn two_words_a_tool_name_writes_as_one_find_it_through_the_wasm_build() {
    // tests/ranking.rs: "name servers", and "servers of names" in other languages.
    let tools = r#"[
        {"name": "VPS_setRootPasswordV1", "source": "hostinger",
         "description": "Set root password for a specified virtual machine."},
        {"name": "VPS_setHostnameV1", "source": "hostinger",
         "description": "Set hostname for a specified virtual machine."},
        {"name": "VPS_setNameserversV1", "source": "hostinger",
         "description": "Set nameservers for a specified virtual machine."}
    ]"#;
    assert_first(
        tools,
        &[
            ("set the name servers of my VPS", "VPS_setNameserversV1"),
            (
                "por favor, cambia los servidores de nombres de mi VPS",
                "VPS_setNameserversV1",
            ),
            (
                "пожалуйста, поменяй серверы имён на моём VPS",
                "VPS_setNameserversV1",
            ),
        ],
    );
}

#[wasm_bindgen_test]
fn an_english_query_is_not_read_as_another_language_through_the_wasm_build() {
    // tests/ranking.rs: touch is French touche (a key) only in a French query.
    let tools = js(r#"[
        {"name": "press_key", "source": "keyboard", "description": "Press a key on the keyboard."},
        {"name": "get_balance", "source": "bank", "description": "Get the balance of an account."}
    ]"#);
    let mut engine = engine(r#"{"profile":"aalis"}"#);
    for (query, want) in [
        ("appuie sur une touche", &["press_key"][..]),
        ("touch the screen", &[]),
        ("le solde du compte", &["get_balance"]),
        ("what was sold this week", &[]),
    ] {
        assert_eq!(top(&mut engine, &tools, query, 1), want, "{query}");
    }
}

#[wasm_bindgen_test]
fn a_phrase_that_is_one_word_in_english_finds_its_tool_through_the_wasm_build() {
    // tests/ranking.rs: tableau de bord is a dashboard, mot de passe a password.
    let tools = r#"[
        {"name": "updateTableBorders", "source": "google-docs",
         "description": "Applies table border styles to a Google Docs table range."},
        {"name": "VPS_setHostnameV1", "source": "hostinger",
         "description": "Set hostname for a specified virtual machine."},
        {"name": "list_dashboards", "source": "datadog",
         "description": "Get list of dashboards from Datadog"},
        {"name": "VPS_setRootPasswordV1", "source": "hostinger",
         "description": "Set root password for a specified virtual machine."}
    ]"#;
    assert_first(
        tools,
        &[
            ("ouvre le tableau de bord", "list_dashboards"),
            ("change le mot de passe de mon VPS", "VPS_setRootPasswordV1"),
        ],
    );
}

#[wasm_bindgen_test]
fn assembly_hands_back_the_hosts_own_objects_and_appends_the_bridge() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    let core = js(
        r#"{"type":"function","function":{"name":"terminal","description":"Run a command."},"kind":"core","extra":1}"#,
    );
    let tools = Array::of2(
        &core,
        &js(
            r#"{"type":"function","source":"github","function":{"name":"create_issue","description":"Create an issue."}}"#,
        ),
    );
    let out = engine
        .assemble(tools.into(), opts(&[("sessionId", "s1".into())]))
        .expect("assembles");
    let visible: Array = get(&out, "tools").dyn_into().expect("an array");
    assert!(
        Object::is(&visible.get(0), &core),
        "the core tool is the host's own object"
    );
    let names: Vec<String> = visible
        .iter()
        .skip(1)
        .map(|t| text(&get(&t, "function"), "name"))
        .collect();
    assert_eq!(names, ["tool_search", "tool_describe", "tool_call"]);
    assert_eq!(get(&out, "active").as_bool(), Some(true));
    assert_eq!(get(&out, "deferred").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn tool_call_becomes_a_dispatch_of_the_underlying_tool() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    let tools = js(
        r#"[{"name":"create_issue","source":"github","parameters":{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}}]"#,
    );
    engine
        .assemble(tools, opts(&[("sessionId", "s".into())]))
        .expect("assembles");
    let out = engine
        .handle(
            "tool_call".into(),
            js(r#"{"name":"create_issue","arguments":"{\"title\":\"Bug\"}"}"#),
            opts(&[("sessionId", "s".into())]),
        )
        .expect("handled");
    assert_eq!(text(&out, "type"), "dispatch");
    assert_eq!(text(&out, "name"), "create_issue");
    assert_eq!(text(&get(&out, "arguments"), "title"), "Bug");
}

#[wasm_bindgen_test]
fn a_bridge_call_for_an_unknown_session_is_an_unknown_session_error() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    let err = engine
        .handle(
            "tool_search".into(),
            js(r#"{"queries":["x"]}"#),
            opts(&[("sessionId", "nope".into())]),
        )
        .err()
        .expect("rejected");
    assert_eq!(text(&err, "code"), "unknown_session");
}

#[wasm_bindgen_test]
fn a_cyclic_tool_list_is_an_invalid_tool_error() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    let tool = js(r#"{"name":"a"}"#);
    Reflect::set(&tool, &"self".into(), &tool).expect("settable");
    let err = engine
        .assemble(Array::of1(&tool).into(), JsValue::UNDEFINED)
        .err()
        .expect("rejected");
    assert_eq!(text(&err, "code"), "invalid_tool");
}

#[wasm_bindgen_test]
fn search_with_explain_gives_each_terms_contribution() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    let hits = engine
        .search(
            JsValue::from_str("create github issue"),
            opts(&[
                ("tools", js(SAMPLE)),
                ("limit", 1.into()),
                ("explain", true.into()),
            ]),
        )
        .expect("search works");
    let top = Array::from(&hits).get(0);
    let explain: Array = get(&top, "explain").dyn_into().expect("an explain array");
    assert!(explain.length() > 0);
    let total: f64 = explain
        .iter()
        .map(|t| get(&t, "score").as_f64().unwrap_or(0.0))
        .sum();
    let score = get(&top, "score").as_f64().expect("a finite score");
    assert!(
        (total - score).abs() < 1e-6 * score.max(1.0),
        "contributions add up to the score: {total} vs {score}"
    );
    let fields: Vec<String> = explain.iter().map(|t| text(&t, "field")).collect();
    assert!(fields.iter().any(|f| f == "name"), "{fields:?}");
}

#[wasm_bindgen_test]
fn a_non_boolean_explain_is_an_invalid_argument() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    let err = engine
        .search(
            JsValue::from_str("x"),
            opts(&[("tools", js(SAMPLE)), ("explain", "yes".into())]),
        )
        .err()
        .expect("rejected");
    assert_eq!(text(&err, "code"), "invalid_argument");
}

#[wasm_bindgen_test]
fn a_throwing_proxy_is_an_invalid_argument_and_the_engine_keeps_working() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    engine
        .assemble(js(SAMPLE), opts(&[("sessionId", "keep".into())]))
        .expect("assembles");
    let handler = opts(&[(
        "ownKeys",
        js_sys::Function::new_no_args("throw new Error('boom keys')").into(),
    )]);
    let hostile = js_sys::Proxy::new(&Object::new(), &handler.unchecked_into());
    let err = engine
        .handle(
            "tool_search".into(),
            hostile.into(),
            opts(&[("sessionId", "keep".into())]),
        )
        .err()
        .expect("rejected");
    assert_eq!(text(&err, "code"), "invalid_argument");
    assert!(text(&err, "message").contains("boom keys"));
    // Before the fix the exception unwound through the core and left the Engine borrowed:
    // every later call failed with "recursive use of an object detected".
    let out = engine
        .handle(
            "tool_search".into(),
            js(r#"{"queries":["create github issue"]}"#),
            opts(&[("sessionId", "keep".into())]),
        )
        .expect("the same engine still answers");
    assert_eq!(text(&out, "type"), "reply");
}

#[wasm_bindgen_test]
fn clear_takes_a_numeric_session_id_as_its_decimal_text() {
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    engine
        .assemble(js(SAMPLE), opts(&[("sessionId", 7.into())]))
        .expect("assembles");
    assert_eq!(engine.session_count(), 1);
    engine
        .clear(7.into(), JsValue::UNDEFINED)
        .expect("a number is a session id");
    assert_eq!(engine.session_count(), 0);
    let err = engine
        .clear(Object::new().into(), JsValue::UNDEFINED)
        .err()
        .expect("rejected");
    assert_eq!(text(&err, "code"), "invalid_argument");
}

#[wasm_bindgen_test]
fn a_misspelt_context_key_is_refused_before_the_call_runs_anywhere() {
    let mut engine = engine(r#"{"profile":"hermes","enabled":"on"}"#);
    engine
        .assemble(js(SAMPLE), opts(&[("sessionId", "sub".into())]))
        .expect("assembles");
    let err = engine
        .search("issue".into(), opts(&[("session_id", "sub".into())]))
        .err()
        .expect("refused");
    assert_eq!(text(&err, "code"), "invalid_argument");
    assert!(text(&err, "message")
        .starts_with("unknown key \"session_id\" in the search options (did you mean sessionId?)"));
    let found = engine
        .search("issue".into(), opts(&[("sessionId", "sub".into())]))
        .expect("the engine still answers");
    assert!(Array::from(&found).length() > 0);
    let err = engine
        .clear("sub".into(), opts(&[("discoveredOnly", "yes".into())]))
        .err()
        .expect("a boolean is wanted");
    assert!(text(&err, "message").contains("discoveredOnly must be a boolean"));
    engine
        .clear("sub".into(), opts(&[("discoveredOnly", true.into())]))
        .expect("cleared");
    assert_eq!(engine.session_count(), 1, "the tool list stays");
}

#[wasm_bindgen_test]
fn text_crosses_into_wasm_as_exact_utf8_whatever_its_script() {
    use tool_search::bindings::convert::utf8;
    // ASCII fits the first round; CJK needs three bytes per unit and emoji four per pair, so
    // they take the growing rounds, including one that stops mid-buffer before a wide
    // character; under a bound they may pass, they get their room at once.
    let cases = [
        String::new(),
        "plain ascii tool list".to_string(),
        "创建日历事件".repeat(5000),
        format!("{}🙂{}", "a".repeat(1000), "é".repeat(3001)),
        "🙂".repeat(777),
        format!("{}{}", "x".repeat(10_000), "日本語".repeat(10_000)),
    ];
    for case in cases {
        let js = js_sys::JsString::from(case.as_str());
        assert_eq!(
            utf8(&js, usize::MAX).as_deref(),
            Some(case.as_str()),
            "{} chars",
            case.len()
        );
        // Exactly its length fits; a byte less does not (encoding stops past it).
        assert_eq!(utf8(&js, case.len()).as_deref(), Some(case.as_str()));
        if !case.is_empty() {
            assert_eq!(utf8(&js, case.len() - 1), None, "{} chars", case.len());
        }
    }
}

#[wasm_bindgen_test]
fn a_long_tool_list_serialised_in_slices_reads_exactly_as_one_json_stringify() {
    use tool_search::bindings::convert::{stringify_list, Listed};
    use tool_search::ErrorCode;
    // One call (up to 200 items), else a first slice of 200, then slices of 20 (whole or not):
    // ASCII, CJK and emoji, escapes, and values JSON.stringify writes as null inside an array
    // (undefined, a function).
    for n in [1u32, 20, 21, 200, 201, 230, 2500] {
        let list = Array::new();
        for i in 0..n {
            let item = match i % 5 {
                0 => js(&format!(
                    r#"{{"name":"t{i}","description":"创建日历事件 🙂 \"q\"\n"}}"#
                )),
                1 => JsValue::UNDEFINED,
                2 => js_sys::Function::new_no_args("return 1").into(),
                3 => js(&format!(
                    r#"{{"name":"t{i}","inputSchema":{{"type":"object"}}}}"#
                )),
                _ => js(&format!(r#"["x{i}", 1.5, null, true]"#)),
            };
            list.push(&item);
        }
        let want = JSON::stringify(&list).expect("stringifies").as_string();
        let got = match stringify_list(&list, "tools", ErrorCode::InvalidTool, None) {
            Ok(Listed::Text(text, copied)) => Some((text, copied)),
            _ => None,
        };
        assert_eq!(got.as_ref().map(|g| &g.0), want.as_ref(), "{n} items");
        assert!(got.is_some_and(|g| g.1.is_empty()), "nothing was copied");
    }
    // A cycle in the second slice fails the way one call does.
    let list = Array::new();
    for i in 0..1500 {
        list.push(&js(&format!(r#"{{"name":"t{i}"}}"#)));
    }
    let cyclic = Object::new();
    Reflect::set(&cyclic, &"self".into(), &cyclic).expect("sets");
    list.set(1200, cyclic.into());
    let err = stringify_list(&list, "tools", ErrorCode::InvalidTool, None)
        .err()
        .expect("a cycle is refused");
    assert_eq!(err.code, ErrorCode::InvalidTool);
    assert!(
        err.message
            .starts_with("tools cannot be serialised to JSON"),
        "{}",
        err.message
    );
}

#[wasm_bindgen_test]
fn a_tool_list_proxy_whose_traps_throw_is_refused_and_every_session_survives() {
    // `get` throws for `key` (a property name, or every index from `from` on).
    fn hostile(items: &Array, throws_on: &str) -> JsValue {
        let trap = js_sys::Function::new_with_args(
            "t, k, r",
            &format!(
                "const on = {throws_on:?}; \
                 if (on.startsWith('again ') && k === on.slice(6) && (this.seen = (this.seen || 0) + 1) > 1) \
                 throw new Error('boom again ' + String(k)); \
                 if (k === on || (on.startsWith('from ') && /^\\d+$/.test(k) && +k >= +on.slice(5))) \
                 throw new Error('boom ' + String(k)); \
                 return Reflect.get(t, k, r);"
            ),
        );
        js_sys::Proxy::new(items, &opts(&[("get", trap.into())]).unchecked_into()).into()
    }
    let tools = |n: u32| {
        let list = Array::new();
        for i in 0..n {
            list.push(&js(&format!(
                r#"{{"name":"tool_{i}","description":"Tool {i}"}}"#
            )));
        }
        list
    };
    let mut engine = engine(r#"{"profile":"hermes"}"#);
    engine
        .assemble(js(SAMPLE), opts(&[("sessionId", "keep".into())]))
        .expect("assembles");
    for (n, throws_on, assembles) in [
        (10, "slice", true),   // serialised in one call; only the remembered copy fails
        (1500, "slice", true), // slices cannot be taken: one call instead
        (1500, "from 1200", false),
        (1500, "length", false),
        (10, "from 3", false),
        // Throwing the second time an item is read: the list is read once, into a copy that
        // is serialised and handed back from (it was read again to hand the tool back).
        (10, "again 3", true),
    ] {
        let list = hostile(&tools(n), throws_on);
        let result = engine.assemble(list, opts(&[("sessionId", "other".into())]));
        match (assembles, result) {
            (true, Ok(_)) => {}
            (false, Err(err)) => {
                assert_eq!(text(&err, "code"), "invalid_tool", "{n} {throws_on}");
                assert!(
                    text(&err, "message").contains("boom"),
                    "{}",
                    text(&err, "message")
                );
            }
            (_, other) => panic!("{n} items, throwing on {throws_on}: {:?}", other.is_ok()),
        }
        // The engine and its other session are intact.
        let hits = engine
            .search(
                JsValue::from_str("create github issue"),
                opts(&[("sessionId", "keep".into()), ("limit", 1.into())]),
            )
            .expect("still searches");
        assert_eq!(hits.dyn_into::<Array>().expect("an array").length(), 1);
    }
}

#[wasm_bindgen_test]
fn search_hits_name_the_tools_of_the_catalog_searched_now() {
    // `kind: mcp` makes a tool without a source searchable (its hit's source is null).
    let mut e = engine(r#"{"profile":"hermes"}"#);
    let first = js(
        r#"[{"name":"send_email","description":"Send an email","source":"mail"},
                       {"name":"send_sms","description":"Send a text message","kind":"mcp"}]"#,
    );
    let second = js(
        r#"[{"name":"post_letter","description":"Send a letter by post","source":"post"},
                        {"name":"send_fax","description":"Send a fax","kind":"mcp"}]"#,
    );
    for (tools, want) in [
        (
            &first,
            vec![("send_email", Some("mail")), ("send_sms", None)],
        ),
        (
            &second,
            vec![("send_fax", None), ("post_letter", Some("post"))],
        ),
        (
            &first,
            vec![("send_email", Some("mail")), ("send_sms", None)],
        ),
    ] {
        let hits: Array = e
            .search(JsValue::from_str("send"), opts(&[("tools", tools.clone())]))
            .unwrap_or_else(|err| panic!("{err:?}"))
            .unchecked_into();
        let got: Vec<(String, Option<String>)> = hits
            .iter()
            .map(|h| (text(&h, "name"), get(&h, "source").as_string()))
            .collect();
        let want: Vec<(String, Option<String>)> = want
            .into_iter()
            .map(|(n, s)| (n.to_string(), s.map(str::to_string)))
            .collect();
        let mut got_sorted = got.clone();
        got_sorted.sort();
        let mut want_sorted = want.clone();
        want_sorted.sort();
        assert_eq!(got_sorted, want_sorted);
        for h in hits.iter() {
            assert!(get(&h, "score").as_f64().is_some_and(|s| s > 0.0));
            assert!(get(&h, "source").is_null() || get(&h, "source").is_string());
        }
    }
}

#[wasm_bindgen_test]
fn option_names_reach_the_host_intact_every_time_they_are_read() {
    // The binding keeps the JS strings of the option names it reads: a Proxy sees the same
    // names, in the same order, on every call.
    let proxy = js_sys::Function::new_with_args(
        "log",
        "return new Proxy({ sessionId: 's', limit: 3 }, \
         { get(target, key) { log.push(key); return target[key]; } })",
    );
    let log = Array::new();
    let options = proxy.call1(&JsValue::NULL, &log).expect("a proxy");
    let mut e = engine(r#"{"profile":"hermes"}"#);
    e.assemble(js(SAMPLE), opts(&[("sessionId", "s".into())]))
        .expect("assembles");
    for _ in 0..3 {
        let hits: Array = e
            .search(JsValue::from_str("create an issue"), options.clone())
            .expect("searches")
            .unchecked_into();
        assert_eq!(hits.length(), 3);
    }
    let read: Vec<String> = log.iter().filter_map(|k| k.as_string()).collect();
    let once = ["tools", "sessionId", "limit", "explain"];
    assert_eq!(read, [once, once, once].concat());
}

#[wasm_bindgen_test]
fn search_hits_are_the_same_with_the_push_helper_without_it_and_with_a_broken_one() {
    let tools: JsValue = js(SAMPLE);
    let results = |helper: Option<js_sys::Function>| {
        let mut e = engine(r#"{"profile":"hermes"}"#);
        if let Some(helper) = helper {
            e.use_helpers(noop(), helper, noop());
        }
        ["create an issue", "send", "nothing matches zzqx"]
            .map(|q| {
                let found = e
                    .search(JsValue::from_str(q), opts(&[("tools", tools.clone())]))
                    .unwrap_or_else(|err| panic!("{err:?}"));
                JSON::stringify(&found).ok().and_then(|s| s.as_string())
            })
            .to_vec()
    };
    let plain = results(None);
    assert!(plain[0].as_deref().is_some_and(|s| s.contains("\"score\"")));
    let pushing = js_sys::Function::new_with_args(
        "name, source, score",
        "this.push({ name, source, score })",
    );
    assert_eq!(results(Some(pushing)), plain);
    let throwing = js_sys::Function::new_with_args("name", "throw new Error('boom')");
    assert_eq!(results(Some(throwing)), plain);
    let idle = js_sys::Function::new_no_args("");
    assert_eq!(results(Some(idle)), plain);
}

#[wasm_bindgen_test]
fn the_unchanged_list_check_asks_the_hosts_helper_once_and_survives_a_throwing_one() {
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;
    let tools: JsValue = js(SAMPLE);
    let ctx = || opts(&[("sessionId", "s".into())]);
    // A helper that counts its calls and compares for real.
    let calls = Rc::new(Cell::new(0u32));
    let counted = Rc::clone(&calls);
    let helper = Closure::<dyn FnMut(Array, Array) -> bool>::new(move |a: Array, b: Array| {
        counted.set(counted.get() + 1);
        a.length() == b.length() && (0..a.length()).all(|i| Object::is(&a.get(i), &b.get(i)))
    });
    let mut e = engine(r#"{"profile":"hermes"}"#);
    e.use_helpers(
        helper.as_ref().unchecked_ref::<js_sys::Function>().clone(),
        noop(),
        noop(),
    );
    let first = e.assemble(tools.clone(), ctx()).expect("assembles");
    let second = e.assemble(tools.clone(), ctx()).expect("assembles again");
    assert_eq!(
        calls.get(),
        1,
        "one helper call recognises the unchanged list"
    );
    assert_eq!(
        JSON::stringify(&first).ok().and_then(|s| s.as_string()),
        JSON::stringify(&second).ok().and_then(|s| s.as_string())
    );
    // A helper that throws: the engine compares by itself and still reuses the list.
    let thrower =
        Closure::<dyn FnMut(Array, Array) -> Result<bool, JsValue>>::new(|_: Array, _: Array| {
            Err(JsValue::from_str("boom"))
        });
    let mut e = engine(r#"{"profile":"hermes"}"#);
    e.use_helpers(
        thrower.as_ref().unchecked_ref::<js_sys::Function>().clone(),
        noop(),
        noop(),
    );
    e.assemble(tools.clone(), ctx()).expect("assembles");
    let again = e
        .assemble(tools, ctx())
        .expect("assembles with a throwing helper");
    assert_eq!(get(&again, "active").as_bool(), Some(true));
}

#[wasm_bindgen_test]
fn a_list_sharing_objects_with_the_last_one_answers_as_a_fresh_engine_whatever_the_helper_says() {
    let tools: Array = js(SAMPLE).unchecked_into();
    let extra = js(
        r#"{"name":"archive_invoice","description":"Archive a paid invoice",
        "inputSchema":{"type":"object","properties":{"invoice_id":{"type":"string"}}}}"#,
    );
    // The last sample tool replaced by the new one, which is then also added at the front.
    let changed = tools.slice(0, tools.length() - 1);
    changed.push(&extra);
    changed.unshift(&js(
        r#"{"name":"first_tool","description":"A tool at the front"}"#,
    ));
    let ctx = || opts(&[("sessionId", "s".into()), ("contextWindow", 200_000.into())]);
    let answers = |e: &mut Engine, list: &Array| {
        let assembled = e.assemble(list.into(), ctx()).expect("assembles");
        let found = e
            .search(JsValue::from_str("archive the paid invoice"), ctx())
            .expect("searches");
        let pair = Array::of2(&assembled, &found);
        JSON::stringify(&pair).ok().and_then(|s| s.as_string())
    };
    let fresh = answers(&mut engine(r#"{"profile":"hermes"}"#), &changed);
    assert!(fresh
        .as_deref()
        .is_some_and(|s| s.contains("archive_invoice")));
    let helpers = [
        // The wrapper's helper (js/api.mjs), and ones that answer wrongly or throw.
        js_sys::Function::new_with_args(
            "prev, next",
            "const at = new Map(prev.map((x, i) => [x, i]));
             return Int32Array.from(next, (x) => at.get(x) ?? -1);",
        ),
        js_sys::Function::new_with_args("prev, next", "return new Int32Array(next.length + 1);"),
        js_sys::Function::new_with_args("prev, next", "return Int32Array.from(next, () => 99999);"),
        js_sys::Function::new_with_args("prev, next", "throw new Error('boom');"),
    ];
    for helper in helpers {
        let mut e = engine(r#"{"profile":"hermes"}"#);
        e.use_helpers(noop(), noop(), helper);
        answers(&mut e, &tools);
        assert_eq!(answers(&mut e, &changed), fresh);
    }
}
