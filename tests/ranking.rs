//! Ranking fixtures on a sample of real MCP servers (`tests/fixtures/sample-catalog.json`),
//! written as sentences: "query X puts tool Y in the top k".

// Helpers outside #[test] fns are not covered by clippy.toml's allow-*-in-tests.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use serde_json::{json, Value};
use tool_search::{SearchIndex, SearchOptions, SearchRequest, Tool};

fn sample() -> Vec<Tool> {
    let path = format!(
        "{}/tests/fixtures/sample-catalog.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let values: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| Tool::from_value(v, i).unwrap())
        .collect()
}

/// How the Twilio REST API's MCP server starts every tool's description.
const TWILIO: &str = "Twilio - Api: This is the public Twilio REST API.";

/// Tools from (name, source label, description) rows, in order.
fn listed(rows: &[(&str, &str, &str)]) -> Vec<Tool> {
    rows.iter()
        .enumerate()
        .map(|(i, (name, source, description))| {
            let v = json!({"name": name, "source": source, "description": description});
            Tool::from_value(v, i).unwrap()
        })
        .collect()
}

struct Fixture {
    tools: Vec<Tool>,
    index: SearchIndex,
}

impl Fixture {
    fn new() -> Fixture {
        Fixture::with(sample())
    }

    fn with(tools: Vec<Tool>) -> Fixture {
        let refs: Vec<&Tool> = tools.iter().collect();
        let index = SearchIndex::build(&refs, &SearchOptions::default());
        Fixture { tools, index }
    }

    fn top(&self, query: &str, k: usize) -> Vec<String> {
        self.index
            .search(query, k)
            .into_iter()
            .map(|h| {
                let t = &self.tools[h.doc];
                format!("{}::{}", t.source.as_deref().unwrap_or(""), t.name)
            })
            .collect()
    }

    /// [`Fixture::assert_in_top`] for each (query, tool) pair.
    fn assert_each_in_top(&self, k: usize, cases: &[(&str, &str)]) {
        for (query, want) in cases {
            self.assert_in_top(query, k, want);
        }
    }

    /// The terms that scored for tool `name` (by its name alone) among the top `k`, which
    /// it must be in.
    fn terms_of(&self, query: &str, k: usize, name: &str) -> Vec<String> {
        let hits = explained(self, query);
        let hit = hits.iter().take(k).find(|h| h.0 == name);
        assert!(hit.is_some(), "{query:?}: {name} not in the top {k}");
        hit.unwrap().2.iter().map(|t| t.term.clone()).collect()
    }

    fn assert_in_top(&self, query: &str, k: usize, want: &str) {
        let top = self.top(query, k);
        assert!(
            top.iter().any(|t| t == want),
            "{query:?}: {want} not in top {k}: {top:?}"
        );
    }
}

#[test]
fn a_plural_query_finds_the_singular_tool() {
    Fixture::new().assert_in_top("create issues", 3, "mcp-github::create_issue");
}

#[test]
fn a_russian_query_with_an_english_product_word_finds_the_github_tool() {
    Fixture::new().assert_in_top("создать issue в github", 3, "mcp-github::create_issue");
}

#[test]
fn a_chinese_query_finds_a_tool_described_in_chinese() {
    // baidu-map describes its tools in Chinese only.
    Fixture::new().assert_in_top("地理编码", 3, "baidu-map::map_geocode");
}

#[test]
fn a_chinese_query_finds_an_english_tool_through_the_lexicon() {
    Fixture::new().assert_in_top("创建议题", 5, "mcp-github::create_issue");
}

#[test]
fn japanese_and_korean_queries_find_english_tools() {
    let f = Fixture::new();
    f.assert_in_top("ファイルを読む", 5, "mcp-filesystem::read_file");
    f.assert_in_top("파일 읽기", 5, "mcp-filesystem::read_file");
}

#[test]
fn spanish_portuguese_german_and_french_queries_find_english_tools() {
    let f = Fixture::new();
    f.assert_in_top(
        "enviar uma mensagem no slack",
        5,
        "mcp-slack::slack_post_message",
    );
    f.assert_in_top(
        "crear una incidencia en github",
        5,
        "mcp-github::create_issue",
    );
    f.assert_in_top("Datei lesen", 5, "mcp-filesystem::read_file");
    f.assert_in_top(
        "envoyer un message slack",
        5,
        "mcp-slack::slack_post_message",
    );
}

#[test]
fn the_exact_name_survives_a_limit_of_1() {
    let f = Fixture::new();
    assert_eq!(
        f.top("list_directory", 1),
        vec!["mcp-filesystem::list_directory"]
    );
    assert_eq!(
        f.top("  LIST_DIRECTORY ", 1),
        vec!["mcp-filesystem::list_directory"]
    );
}

#[test]
fn the_exact_name_matches_without_the_mcp_server_prefix() {
    let tools = sample()
        .into_iter()
        .map(|mut t| {
            t.name = format!("mcp__{}__{}", t.source.as_deref().unwrap_or("x"), t.name);
            t
        })
        .collect();
    let f = Fixture::with(tools);
    let hits = f.index.search("search_repositories", 1);
    assert_eq!(
        f.tools[hits[0].doc].name,
        "mcp__mcp-github__search_repositories"
    );
    assert!(hits[0].score.is_infinite());
}

#[test]
fn the_document_named_byte_for_byte_is_first_among_name_matches() {
    let f = Fixture::with(listed(&[
        ("mcp__github__create_issue", "github", "Create an issue"),
        ("CREATE_ISSUE", "shout", "Create an issue"),
        ("create_issue", "jira", "Create an issue"),
    ]));
    let top = |first: Option<usize>, limit: usize| -> Vec<usize> {
        let request = SearchRequest {
            limit,
            first,
            ..SearchRequest::default()
        };
        f.index
            .search_with("create_issue", &request)
            .iter()
            .map(|h| h.doc)
            .collect()
    };
    // Catalog order among the three name matches, unless the caller names the exact one.
    assert_eq!(top(None, 3), [0, 1, 2]);
    assert_eq!(top(Some(2), 1), [2]);
    assert_eq!(top(Some(2), 3), [2, 0, 1]);
    // A document that is no name match is not moved.
    let f2 = Fixture::new();
    let request = SearchRequest {
        limit: 1,
        first: Some(0),
        ..SearchRequest::default()
    };
    let hits = f2.index.search_with("list_directory", &request);
    assert_eq!(f2.tools[hits[0].doc].name, "list_directory");
}

#[test]
fn camel_case_names_are_split_into_words() {
    // lark names are like calendar_v4_calendarEvent_create.
    Fixture::new().assert_in_top(
        "calendar event create",
        3,
        "lark-all-zh::calendar_v4_calendarEvent_create",
    );
}

#[test]
fn a_typo_in_a_name_word_still_finds_the_tool() {
    Fixture::new().assert_in_top("serch repositores", 5, "mcp-github::search_repositories");
}

#[test]
fn a_word_prefix_finds_the_tool() {
    // "screensh" is no word of the catalog, but it starts a name word.
    Fixture::new().assert_in_top("screensh", 5, "playwright::browser_take_screenshot");
}

#[test]
fn a_substring_of_a_name_falls_back_to_name_matching() {
    // "ository" is no word (nor word prefix, nor one edit from one) of the catalog, so the
    // engine falls back to substrings of names, as Hermes does for "hub" ("GitHub" is split
    // into git + hub by our camelCase step, so "hub" is a real word here).
    let f = Fixture::new();
    let hits = f.index.search("ository", 50);
    assert_eq!(hits.len(), 2); // create_repository, fork_repository
    for h in &hits {
        assert!(f.tools[h.doc].name.to_lowercase().contains("ository"));
        assert!((h.score - 0.1).abs() < 1e-12);
    }
}

#[test]
fn a_one_word_fragment_that_is_also_a_word_still_finds_every_name_holding_it() {
    // "GitHub" in one description gives "hub" a word of its own, so the fallback above never
    // runs; the names holding "hub" still follow that word's one hit, up to the limit.
    let f = Fixture::with(listed(&[
        (
            "github_create_issue",
            "github",
            "Create an issue on GitHub.",
        ),
        ("github_list_repos", "github", "List the repositories."),
        ("slack_post", "slack", "Post a message."),
        (
            "github_merge_pull_request",
            "github",
            "Merge a pull request.",
        ),
    ]));
    assert_eq!(
        f.top("hub", 5),
        [
            "github::github_create_issue",
            "github::github_list_repos",
            "github::github_merge_pull_request"
        ]
    );
    // Within the limit: the word's own hit first.
    assert_eq!(f.top("hub", 1), ["github::github_create_issue"]);
    // Two words are only words.
    assert_eq!(f.top("hub post", 5).len(), 2);
}

#[test]
fn the_source_label_finds_every_tool_of_a_server() {
    let f = Fixture::new();
    let top = f.top("stripe", 10);
    assert_eq!(top.len(), 10);
    assert!(top.iter().all(|t| t.starts_with("stripe::")), "{top:?}");
}

#[test]
fn the_same_input_gives_identical_output() {
    let a = Fixture::new();
    let b = Fixture::new();
    for q in ["create issue", "send message", "создать", "文件", "zzz", ""] {
        let x = a.index.search(q, 20);
        let y = b.index.search(q, 20);
        assert_eq!(x, y, "{q:?}");
        assert_eq!(a.index.search(q, 20), x);
    }
}

#[test]
fn an_index_warmed_by_earlier_queries_answers_exactly_like_a_fresh_one() {
    // Repeated words reuse the index's memos: their stems, their alternatives and, for words
    // of several alternatives ("remove" also means delete, "save" write), the merged list.
    let queries = [
        "remove a linear comment",
        "save text to a file",
        "fetch the linear user",
        "remove the file and save the comment",
        "fetch files, remove comments, save users",
        "создать issue в github",
        "crear un evento",
        // A word no tool has is translated in a query that does not read as English, and
        // only there: each kind of query remembers its own alternatives for it.
        "borrar el archivo",
        "borrar the archivo",
        "borrar el archivo",
        "the calender evnt for the team",
        "calender evnt del equipo",
    ];
    let warm = Fixture::new();
    for q in queries {
        warm.index.search(q, 50);
    }
    for q in queries {
        let fresh = Fixture::new();
        let want = fresh.index.search(q, 50);
        assert!(!want.is_empty(), "{q:?}");
        assert_eq!(warm.index.search(q, 50), want, "{q:?}");
        assert_eq!(warm.index.search(q, 50), want, "{q:?} a third time");
    }
}

#[test]
fn ties_keep_catalog_order() {
    let f = Fixture::new();
    let hits = f.index.search("stripe", 30);
    for w in hits.windows(2) {
        assert!(w[0].score > w[1].score || (w[0].score == w[1].score && w[0].doc < w[1].doc));
    }
}

#[test]
fn explain_returns_per_term_contributions_that_sum_to_the_score() {
    let f = Fixture::new();
    let hits = f.index.search_with(
        "create issue",
        &SearchRequest {
            limit: 3,
            explain: true,
            ..SearchRequest::default()
        },
    );
    for h in hits {
        let parts = h.explain.unwrap();
        assert!(!parts.is_empty());
        let sum: f64 = parts.iter().map(|p| p.score).sum();
        assert!((sum - h.score).abs() < 1e-6, "{sum} vs {}", h.score);
        assert!(parts.iter().any(|p| p.field == "name"));
    }
}

#[test]
fn a_filter_limits_the_candidates() {
    let f = Fixture::new();
    let only_slack = |doc: usize| f.tools[doc].source.as_deref() == Some("mcp-slack");
    let hits = f.index.search_with(
        "list",
        &SearchRequest {
            limit: 10,
            filter: Some(&only_slack),
            ..SearchRequest::default()
        },
    );
    assert!(!hits.is_empty());
    assert!(hits.iter().all(|h| only_slack(h.doc)));
}

#[test]
fn hostile_queries_return_quickly_without_panicking() {
    let f = Fixture::new();
    let huge = "x".repeat(1 << 20);
    let mixed = "\u{0}\u{200B}\u{202E}🙂🙂 العربية עברית ".repeat(10_000);
    // One katakana run the length of the query limit (every split of it is tried as a
    // compound), hangul words, Cyrillic words with nothing to match.
    let katakana = "ダッシュボード".repeat(100_000);
    let hangul = "대시보드를 ".repeat(100_000);
    let cyrillic = "щщщщщ ".repeat(100_000);
    for q in [
        huge.as_str(),
        mixed.as_str(),
        katakana.as_str(),
        hangul.as_str(),
        cyrillic.as_str(),
        "\u{FFFF}",
        "🙂",
        "\u{200B}",
    ] {
        let _ = f.index.search(q, 10);
    }
    assert!(f.index.search("create issue", 0).is_empty());
}

#[test]
fn a_related_verb_finds_the_tool_named_with_another() {
    // "remove" → delete, "save" → write, "fetch" → get (src/analysis/related.txt).
    let f = Fixture::new();
    f.assert_in_top(
        "remove a linear comment",
        3,
        "linear::linear_delete_comment",
    );
    f.assert_in_top("save text to a file", 5, "mcp-filesystem::write_file");
    f.assert_in_top("fetch the linear user", 3, "linear::linear_get_user");
}

#[test]
fn booking_a_meeting_finds_a_tool_that_creates_events() {
    // "book" relates to "create": the top hit creates a calendar event rather than deleting
    // or listing one.
    let top = Fixture::new().top("book a calendar meeting", 1);
    assert!(
        top.iter()
            .all(|t| t.contains("create") && t.contains("alendar")),
        "{top:?}"
    );
}

#[test]
fn function_words_score_nothing_even_inside_tool_names() {
    // Names like `slack_reply_to_thread`, `browser_wait_for` and Notion's `API-create-a-page`
    // contain `to`, `for` and `a`; in a query those words name nothing.
    let f = Fixture::new();
    let query = "reply to the thread for a colleague";
    let request = SearchRequest {
        limit: 10,
        explain: true,
        ..SearchRequest::default()
    };
    for h in f.index.search_with(query, &request) {
        for part in h.explain.unwrap() {
            assert!(
                !["to", "the", "for", "a"].contains(&part.term.as_str()),
                "{part:?}"
            );
        }
    }
    f.assert_in_top(query, 2, "mcp-slack::slack_reply_to_thread");
}

#[test]
fn a_function_word_that_is_a_tools_whole_name_still_finds_it() {
    // A shell's `which` and `at`: the query word is the tool, not filler.
    let f = Fixture::with(listed(&[
        ("help", "shell", "Shows the help of a shell command."),
        (
            "which",
            "shell",
            "Locates the executable file of a command in the PATH.",
        ),
        ("cron_add", "shell", "Adds a recurring cron job."),
        ("at", "shell", "Queues a job to run once at a later time."),
        ("slack_reply_to_thread", "slack", "Replies to a thread."),
    ]));
    assert_eq!(f.top("which command", 1), vec!["shell::which"]);
    assert_eq!(f.top("at job", 1), vec!["shell::at"]);
}

#[test]
fn function_words_of_other_languages_change_nothing() {
    // Each had scored through another language's lexicon or as a name-word prefix: French les
    // as German lesen (read), tu as tuer (kill), mes/ses/tes as message/session/test, Italian
    // questa as question, German unser as a typo of user; "por favor" as favorite, French
    // donne (give) as données (data).
    let f = Fixture::new();
    let request = SearchRequest {
        limit: 10,
        explain: true,
        ..SearchRequest::default()
    };
    let ranked = |q: &str| -> Vec<(usize, String)> {
        f.index
            .search_with(q, &request)
            .into_iter()
            .map(|h| (h.doc, format!("{:.9} {:?}", h.score, h.explain)))
            .collect()
    };
    for rest in ["calendar events", "create an issue", "send the message"] {
        let alone = ranked(rest);
        assert!(!alone.is_empty(), "{rest}");
        for word in [
            "les", "des", "mes", "ses", "tes", "tu", "qui", "notre", "sans", "su", "sin", "este",
            "como", "pelo", "você", "não", "della", "questa", "chi", "tra", "come", "unser",
            "einen", "auch", "nicht", "oder", "favor", "donne",
        ] {
            assert_eq!(ranked(&format!("{word} {rest}")), alone, "{word} {rest}");
        }
    }
}

#[test]
fn an_english_query_is_not_read_as_another_language() {
    // English words a catalog does not know often spell words of the lexicon's other
    // languages: touch (French touche, a key), sold (French solde, a balance), red (Spanish,
    // a network). An English query is not looked up in those languages; the same words in a
    // French or Spanish query still are.
    let f = Fixture::with(listed(&[
        ("press_key", "keyboard", "Press a key on the keyboard."),
        ("get_balance", "bank", "Get the balance of an account."),
        ("list_networks", "docker", "List the networks of the host."),
    ]));
    for query in [
        "touch the screen",
        "what was sold this week",
        "is the red car here",
    ] {
        assert_eq!(f.top(query, 3), Vec::<String>::new(), "{query}");
    }
    f.assert_each_in_top(
        1,
        &[
            ("appuie sur une touche", "keyboard::press_key"),
            ("le solde du compte", "bank::get_balance"),
            ("muestra una red", "docker::list_networks"),
        ],
    );
    // The index remembers words' groups between queries: not across that line.
    for query in [
        "touch the screen",
        "what was sold this week",
        "is the red car here",
    ] {
        assert_eq!(f.top(query, 3), Vec::<String>::new(), "{query} again");
    }
}

#[test]
fn a_derived_word_finds_the_tool_described_with_its_verb() {
    // Stemming keeps conversion (convers) and convert apart; the shared prefix joins them.
    let f = Fixture::with(listed(&[
        (
            "convert_units",
            "",
            "Convert a value between units of measure.",
        ),
        ("list_files", "", "List the files of a directory."),
    ]));
    assert_eq!(f.top("currency conversion", 1), vec!["::convert_units"]);
}

#[test]
fn a_derived_word_never_outscores_the_word_itself() {
    // In a catalog where most tools create something, `create` is a common word and
    // `creation` a rare one; the derivation stands in for the word at half weight, which must
    // not make a tool that only says "creation" outrank the one that creates a pull request
    // (over GitHub's REST API, pull-request creation-cap tools led "create a pull request").
    let f = Fixture::with(listed(&[
        (
            "issues_create",
            "github",
            "Create an issue in a repository.",
        ),
        (
            "repos_create_release",
            "github",
            "Create a release of a repository.",
        ),
        ("gists_create", "github", "Create a gist."),
        (
            "repos_create_fork",
            "github",
            "Create a fork of a repository.",
        ),
        ("git_create_tag", "github", "Create a tag object."),
        ("git_create_ref", "github", "Create a reference."),
        (
            "pulls_cap",
            "github",
            "Pull request creation limits of a branch.",
        ),
        (
            "pulls_open",
            "github",
            "Create a pull request from a branch.",
        ),
    ]));
    assert_eq!(
        f.top("create a pull request", 1),
        vec!["github::pulls_open"]
    );
    // The derivation still finds the tool when the catalog lacks the word.
    assert_eq!(f.top("pull request creation", 1), vec!["github::pulls_cap"]);
}

#[test]
fn russian_imperatives_find_the_tool_their_infinitive_names() {
    // Agents are asked in the imperative, whose Russian stem differs from the infinitive's.
    let f = Fixture::new();
    f.assert_in_top(
        "покажи файлы в этой папке",
        3,
        "mcp-filesystem::list_directory",
    );
    f.assert_in_top(
        "нажми на кнопку на странице",
        3,
        "playwright::browser_click",
    );
}

#[test]
fn a_conjugated_japanese_or_korean_verb_finds_the_tool() {
    // 書いて, 探して, 移して, 옮겨줘: a conjugated verb no longer contains its dictionary form.
    let f = Fixture::new();
    f.assert_in_top("ファイルに書いて", 1, "mcp-filesystem::write_file");
    f.assert_in_top("ファイルを探して", 1, "mcp-filesystem::search_files");
    f.assert_in_top("ファイルを移して", 1, "mcp-filesystem::move_file");
    f.assert_in_top("파일을 다른 폴더로 옮겨줘", 1, "mcp-filesystem::move_file");
}

#[test]
fn a_german_separable_verb_split_across_the_sentence_finds_the_tool() {
    // hochladen and anlegen, their particles sent to the end of the sentence.
    let f = Fixture::new();
    f.assert_in_top("lade die Datei hoch", 3, "playwright::browser_file_upload");
    // "neue" reads as "new", so write_file ("Create a new file …") leads here as it does for
    // "create a new file".
    f.assert_in_top(
        "lege eine neue Datei an",
        2,
        "mcp-github::create_or_update_file",
    );
    f.assert_in_top("lege eine neue Datei an", 1, "mcp-filesystem::write_file");
    // Without a German sentence around them, "an" and "update" stay English words.
    assert_eq!(f.top("an update", 5), f.top("update", 5));
}

#[test]
fn a_german_compound_finds_the_tool_its_parts_name() {
    let f = Fixture::new();
    f.assert_in_top(
        "erstelle einen Zahlungslink",
        1,
        "stripe::create_payment_link",
    );
    f.assert_in_top(
        "zeige mir die Projektliste",
        1,
        "linear::linear_list_projects",
    );
}

#[test]
fn a_refund_asked_for_in_any_language_finds_the_refund_tool() {
    let f = Fixture::new();
    for query in [
        "refund the customer's payment",
        "оформи возврат платежа",
        "给客户退款",
        "支払いを返金して",
        "결제를 환불해줘",
        "reembolsa el pago del cliente",
        "erstatte die Zahlung",
        "rembourse le paiement du client",
    ] {
        f.assert_in_top(query, 3, "stripe::create_refund");
    }
}

#[test]
fn browser_actions_asked_in_other_languages_find_the_browser_tools() {
    // The lexicon's browser vocabulary: hover, drag, select, resize, press, back, fork.
    let f = Fixture::new();
    f.assert_each_in_top(
        3,
        &[
            ("наведи курсор мыши на меню", "playwright::browser_hover"),
            ("把图片拖到方框里", "playwright::browser_drag"),
            (
                "ドロップダウンリストから選択して",
                "playwright::browser_select_option",
            ),
            ("브라우저 창 크기를 조정해줘", "playwright::browser_resize"),
            ("drücke die Enter-Taste", "playwright::browser_press_key"),
            (
                "reviens à la page précédente",
                "playwright::browser_navigate_back",
            ),
            (
                "сделай форк этого репозитория",
                "mcp-github::fork_repository",
            ),
        ],
    );
}

#[test]
fn an_english_stopword_that_is_another_languages_verb_reads_as_the_verb() {
    // German "such" is the imperative of suchen (search); in English it is a stopword, and
    // it was dropped before the lexicon could read it. The German function words (eine,
    // mir, die) say which language the request is in.
    let f = Fixture::new();
    f.assert_in_top("such eine Datei", 1, "mcp-filesystem::search_files");
    f.assert_in_top(
        "such mir die offenen Issues auf GitHub",
        1,
        "mcp-github::search_issues",
    );
    // In an English request it is still a stopword: it adds nothing to these.
    assert_eq!(
        f.top("list files such as reports in the directory", 3),
        f.top("list files as reports in the directory", 3)
    );
}

#[test]
fn a_one_character_chinese_verb_finds_the_tool() {
    // 关 (close), 建 (create), 写 (write): colloquial Chinese puts a one-character verb
    // before its object, often with a measure word between.
    let f = Fixture::new();
    f.assert_each_in_top(
        1,
        &[
            ("关掉浏览器", "playwright::browser_close"),
            ("写一个文件", "mcp-filesystem::write_file"),
            ("给频道发一条消息", "mcp-slack::slack_post_message"),
            ("找一下文件", "mcp-filesystem::search_files"),
            ("改一下这个问题", "mcp-github::update_issue"),
        ],
    );
}

#[test]
fn a_traditional_chinese_query_ranks_as_its_simplified_twin() {
    // Taiwan and Hong Kong write the lexicon's Chinese words in Traditional characters
    // (關掉 for 关掉, 寫 for 写, 會議 for 会议): they fold to Simplified, in queries and in
    // the Chinese-described lark tools alike, so both scripts rank the same tools. (A file
    // is 檔案 there: their 文件 is a document.)
    let f = Fixture::new();
    for (traditional, simplified, want) in [
        ("關掉瀏覽器", "关掉浏览器", "playwright::browser_close"),
        ("寫一個檔案", "写一个文件", "mcp-filesystem::write_file"),
        (
            "給頻道發一條消息",
            "给频道发一条消息",
            "mcp-slack::slack_post_message",
        ),
        (
            "改一下這個問題",
            "改一下这个问题",
            "mcp-github::update_issue",
        ),
        (
            "建立一個新的議題",
            "建立一个新的议题",
            "mcp-github::create_issue",
        ),
        (
            "在我的日曆裏添加明天的會議",
            "在我的日历里添加明天的会议",
            "lark-all-zh::calendar_v4_calendarEventMeetingMinute_create",
        ),
    ] {
        assert_eq!(f.top(traditional, 5), f.top(simplified, 5), "{traditional}");
        f.assert_in_top(traditional, 1, want);
    }
}

#[test]
fn a_query_in_capitals_ranks_as_in_lowercase_in_every_script() {
    // Letters outside ASCII lower through the analysis' own table of runs (analysis/case.rs),
    // which must agree with Unicode's mapping: Cyrillic, accented Latin, Greek.
    let f = Fixture::new();
    for (capitals, lower) in [
        ("СОЗДАТЬ ISSUE В GITHUB", "создать issue в github"),
        ("ÉCRIS UN FICHIER", "écris un fichier"),
        ("ÜBERSETZE DEN TEXT", "übersetze den text"),
        ("ΝΕΟ ISSUE ΣΤΟ GITHUB", "νεο issue στο github"),
    ] {
        assert_eq!(f.top(capitals, 5), f.top(lower, 5), "{capitals}");
        assert!(!f.top(capitals, 5).is_empty(), "{capitals}");
    }
}

#[test]
fn taiwan_words_find_the_tool() {
    // 新增 (add), 專案 (project), 檢視 (view), 傳送 … 訊息 (send a message) are Taiwan's
    // words where the mainland writes 添加, 项目, 查看, 发送 … 消息.
    Fixture::new().assert_each_in_top(
        2,
        &[
            ("新增一個專案", "linear::linear_create_project_with_issues"),
            ("檢視議題的留言", "mcp-github::get_issue"),
            (
                "在我的日曆裡新增明天的會議",
                "lark-all-zh::calendar_v4_calendarEventMeetingMinute_create",
            ),
            ("傳送訊息到頻道", "mcp-slack::slack_post_message"),
            // 程式碼 (code), 使用者 (user), 資料庫 (database), 執行緒 (thread): the
            // mainland's 代码, 用户, 数据库, 线程.
            ("搜尋程式碼", "mcp-github::search_code"),
            ("搜尋使用者", "mcp-github::search_users"),
            ("取得資料庫", "notion::API-retrieve-a-database"),
            ("回覆這個執行緒", "mcp-slack::slack_reply_to_thread"),
        ],
    );
}

#[test]
fn the_forty_fifth_sessions_words_find_what_they_name() {
    // Lexicon lines for words of several servers' tool names (pod, cell, dialog, remote,
    // background, structure, collaborator) and shutdown read as stop and terminate, among
    // tools that share the rest of each request (real descriptions, shortened).
    let f = Fixture::with(listed(&[
        ("pods_list", "kubernetes", "List all the Kubernetes pods in the current cluster from all namespaces"),
        ("pods_delete", "kubernetes", "Delete a Kubernetes Pod in the current or provided namespace with the provided name"),
        ("delete-mail-message", "ms-365", "Delete an Outlook email message by its message ID."),
        ("browser_close", "playwright", "Close the page"),
        ("browser_handle_dialog", "playwright", "Handle a dialog"),
        ("browser_click", "playwright", "Perform click on a web page"),
        ("formatCells", "google-docs", "Applies formatting to a range of cells in a spreadsheet. Supports bold, italic, font size, text color, background color, alignment, and number format."),
        ("formatText", "google-docs", "Applies formatting to a range of text in a Google Document."),
        ("getTableStructure", "google-docs", "Returns detailed structure for a table in a Google Document, including row/column counts and extracted cell text."),
        ("readTable", "google-docs", "Reads the rows of a table in a Google Document."),
        ("mobile_launch_app", "mobile", "Launch an app on mobile device. Use this to open a specific app."),
        ("mobile_terminate_app", "mobile", "Stop and terminate an app on mobile device"),
        ("git_remote", "git", "Manage remote repositories: list remotes, add new remotes, remove remotes, rename remotes, or get/set remote URLs."),
        ("git_branch", "git", "Manage branches: list, create, delete, rename branches."),
        ("figma_set_slide_background", "figma", "Set the background color of a slide."),
        ("figma_set_slide_title", "figma", "Set the title of a slide."),
        ("add-collaborator-for-org", "github", "Add a collaborator to an organization's space."),
        ("add-member-for-org", "github", "Add a member to an organization."),
    ]));
    f.assert_each_in_top(
        1,
        &[
            ("파드 삭제해 줘", "kubernetes::pods_delete"),
            ("ポッドを一覧表示して", "kubernetes::pods_list"),
            (
                "подтверди всплывающее окно на странице",
                "playwright::browser_handle_dialog",
            ),
            ("网页上弹出了一个弹窗", "playwright::browser_handle_dialog"),
            ("Zellen A1:C3 formatieren", "google-docs::formatCells"),
            (
                "aplica formato a las celdas B2:D5",
                "google-docs::formatCells",
            ),
            ("获取表格的结构", "google-docs::getTableStructure"),
            (
                "shutdown the app on my phone",
                "mobile::mobile_terminate_app",
            ),
            ("liste les dépôts distants", "git::git_remote"),
            (
                "把幻灯片的背景改成蓝色",
                "figma::figma_set_slide_background",
            ),
            (
                "добавь соавтора в организацию",
                "github::add-collaborator-for-org",
            ),
        ],
    );
}

#[test]
fn a_portuguese_ear_verb_in_the_imperative_finds_the_tool() {
    // renomeie is renomear's imperative; the tool that moves files also renames them.
    Fixture::new().assert_in_top("renomeie o arquivo", 1, "mcp-filesystem::move_file");
}

#[test]
fn a_russian_noun_in_any_case_finds_the_tool() {
    // Snowball cuts канал (channel) to кана, as if a past tense, but канале to канал: the
    // lexicon keys the dictionary form too. "кто есть" (who is) names nothing.
    // (Second: slack_list_channels is first, as покажи … канале says its whole name, show
    // channels; see the whole-name factor.)
    let f = Fixture::new();
    f.assert_in_top(
        "покажи сообщения в канале",
        2,
        "mcp-slack::slack_get_channel_history",
    );
    f.assert_in_top("кто есть в канале", 3, "mcp-slack::slack_list_channels");
}

#[test]
fn a_russian_adjective_finds_the_tool_named_with_its_noun() {
    // сетевые (network's), текстовый (text's): the lexicon lists the nouns.
    let f = Fixture::new();
    f.assert_in_top(
        "покажи сетевые запросы браузера",
        1,
        "playwright::browser_network_requests",
    );
    f.assert_in_top(
        "прочитай текстовый файл",
        1,
        "mcp-filesystem::read_text_file",
    );
}

#[test]
fn a_russian_loanword_finds_the_tool_its_english_original_names() {
    // Not in the lexicon: линеар is Linear, табы are tabs, редис is Redis.
    let f = Fixture::new();
    f.assert_in_top("создай тикет в линеаре", 1, "linear::linear_create_issue");
    f.assert_in_top("покажи все табы", 1, "playwright::browser_tabs");
    f.assert_in_top("удали ключ в редисе", 1, "mcp-redis::delete");
}

#[test]
fn a_katakana_or_hangul_loanword_finds_the_tool_named_with_the_english_word() {
    // Not in the lexicon: ディスタンス is distance, マトリックス matrix, ダイアログ and
    // 다이얼로그 dialog (를 is a particle).
    let f = Fixture::new();
    f.assert_in_top(
        "다이얼로그를 처리해줘",
        1,
        "playwright::browser_handle_dialog",
    );
    f.assert_in_top(
        "ディスタンスマトリックスを計算して",
        2,
        "mcp-google-maps::maps_distance_matrix",
    );
    f.assert_in_top(
        "ダイアログを処理して",
        1,
        "playwright::browser_handle_dialog",
    );
}

#[test]
fn words_many_catalogs_name_tools_with_find_them_in_other_languages() {
    // The sixth session's lexicon lines (data, source, tree, entity, range, media, batch,
    // metadata, property, instance): each query missed its tool before them.
    let f = Fixture::new();
    f.assert_each_in_top(
        3,
        &[
            (
                "получи источник данных",
                "notion::API-retrieve-a-data-source",
            ),
            ("显示目录树", "mcp-filesystem::directory_tree"),
            ("메모리에 엔티티를 만들어줘", "mcp-memory::create_entities"),
            ("отформатируй диапазон ячеек", "excel::excel_format_range"),
            ("模拟浏览器媒体", "playwright::browser_emulate_media"),
            (
                "一括でタスクを更新して",
                "linear::linear_bulk_update_issues",
            ),
            (
                "lies die Metadaten der Seiteneigenschaft",
                "notion::API-retrieve-a-page-property",
            ),
            (
                "récupère une propriété de la page",
                "notion::API-retrieve-a-page-property",
            ),
            (
                "recupere uma propriedade da página",
                "notion::API-retrieve-a-page-property",
            ),
            (
                "obtén una propiedad de la página",
                "notion::API-retrieve-a-page-property",
            ),
            (
                "показать экземпляры события календаря",
                "lark-all-zh::calendar_v4_calendarEvent_instances",
            ),
        ],
    );
}

#[test]
fn todo_in_a_spanish_or_portuguese_query_means_all_not_a_to_do_item() {
    // Two to-do tools of mcp-servers.json (gitlab-zereight, MIT; ms-365, MIT), descriptions
    // shortened, beside the sample.
    let mut tools = sample();
    for (i, v) in [
        json!({"name": "list_todos", "source": "gitlab-zereight",
               "description": "List GitLab to-do items for the current user."}),
        json!({"name": "delete-todo-task", "source": "ms-365",
               "description": "Delete a todoTask object."}),
    ]
    .into_iter()
    .enumerate()
    {
        tools.push(Tool::from_value(v, tools.len() + i).unwrap());
    }
    let f = Fixture::with(tools);
    f.assert_each_in_top(
        1,
        &[
            (
                "elimina todos los comentarios",
                "linear::linear_delete_comment",
            ),
            (
                "exclua todos os comentários",
                "linear::linear_delete_comment",
            ),
            (
                "borra todas las observaciones de la memoria",
                "mcp-memory::delete_observations",
            ),
            (
                "muestra todos los eventos del calendario",
                "google-calendar::list-events",
            ),
        ],
    );
    // English keeps the word: "todos" is what these tools list.
    f.assert_in_top("list my todos", 1, "gitlab-zereight::list_todos");
}

#[test]
fn a_translated_word_reaches_the_english_words_related_to_it_as_english_does() {
    // Five calendar tools of mcp-servers.json (google-calendar, MIT; ms-365, MIT), first
    // sentence of each description. "Meeting" is related to event and calendar: the English
    // query reached the tool that creates events, the translated ones reached the one whose
    // description says "meeting" most.
    let tools = [
        (
            "create-event",
            "google-calendar",
            "Create a new calendar event.",
        ),
        (
            "get-specific-calendar-view",
            "ms-365",
            "List the occurrences, exceptions, and single instances of events over a time \
             range, from one of the signed-in user's calendars addressed by calendar ID.",
        ),
        (
            "get-calendar-view",
            "ms-365",
            "Get the occurrences, exceptions, and single instances of events in a calendar \
             view defined by a time range, from the user's default calendar, or from some \
             other calendar of the user.",
        ),
        (
            "create-calendar-event",
            "ms-365",
            "Create (schedule) a new calendar event — a meeting or appointment — on the \
             user's calendar.",
        ),
        (
            "forward-calendar-event",
            "ms-365",
            "This action allows the organizer or attendee of a meeting event to forward the \
             meeting request to a new recipient.",
        ),
    ];
    let f = Fixture::with(listed(&tools));
    for query in [
        "add a meeting to my calendar tomorrow",
        "добавь встречу в мой календарь на завтра",
        "在我的日历里添加明天的会议",
        "明日の会議をカレンダーに追加して",
        "내일 회의를 캘린더에 추가해줘",
        "añade una reunión a mi calendario para mañana",
        "adicione uma reunião ao meu calendário amanhã",
        "ajoute une réunion à mon calendrier demain",
    ] {
        f.assert_in_top(query, 1, "ms-365::create-calendar-event");
    }
}

/// Real tools (mcp-servers catalog; descriptions cut to their first sentence) for the
/// joined-word and lexicon fixtures below.
fn hosting_and_cluster_tools() -> Vec<Tool> {
    listed(&[
        (
            "VPS_setRootPasswordV1",
            "hostinger",
            "Set root password for a specified virtual machine.",
        ),
        (
            "VPS_setHostnameV1",
            "hostinger",
            "Set hostname for a specified virtual machine. Changing hostname does not update \
             PTR record automatically.",
        ),
        (
            "VPS_setNameserversV1",
            "hostinger",
            "Set nameservers for a specified virtual machine. Be aware, that improper \
             nameserver configuration can lead to the virtual machine being unable to resolve \
             domain names.",
        ),
        (
            "kubectl_get",
            "kubernetes-flux159",
            "Get or list Kubernetes resources by resource type, name, and optionally namespace",
        ),
        (
            "pods_list",
            "kubernetes-manusa",
            "List all the Kubernetes pods in the current cluster from all namespaces",
        ),
        (
            "namespaces_list",
            "kubernetes-manusa",
            "List all the Kubernetes namespaces in the current cluster",
        ),
        (
            "list_applications",
            "argocd",
            "list_applications returns list of applications",
        ),
        (
            "delete_application",
            "argocd",
            "delete_application deletes application. Specify applicationNamespace if the \
             application is in a non-default namespace to avoid permission errors.",
        ),
        (
            "delete_project",
            "vercel",
            "Delete a project and all of its deployments.",
        ),
        (
            "list_processes",
            "desktop-commander",
            "List all running processes. Returns process information including PID, command \
             name, CPU usage, and memory usage.",
        ),
        (
            "start_process",
            "desktop-commander",
            "Start a terminal process on the authorized device with intelligent state \
             detection.",
        ),
        (
            "read_process_output",
            "desktop-commander",
            "Read output from a running process with file-like pagination support.",
        ),
        (
            "web_fetch_exa",
            "exa",
            "Read a webpage's full content as clean markdown.",
        ),
        (
            "firecrawl_scrape",
            "firecrawl",
            "Scrape content from a single URL with advanced options.",
        ),
    ])
}

#[test]
fn two_query_words_that_tool_names_write_as_one_find_the_tool() {
    // "name servers" is the tool's "nameservers"; another language says "servers of names"
    // (server, name: joined in the other order) or 名前空間 (name, space).
    let f = Fixture::with(hosting_and_cluster_tools());
    f.assert_each_in_top(
        1,
        &[
            (
                "set the name servers of my VPS",
                "hostinger::VPS_setNameserversV1",
            ),
            (
                "por favor, cambia los servidores de nombres de mi VPS",
                "hostinger::VPS_setNameserversV1",
            ),
            (
                "merci de changer les serveurs de noms de mon VPS",
                "hostinger::VPS_setNameserversV1",
            ),
            (
                "пожалуйста, поменяй серверы имён на моём VPS",
                "hostinger::VPS_setNameserversV1",
            ),
            (
                "delete the Argo CD application",
                "argocd::delete_application",
            ),
        ],
    );
    // Here kubectl_get (namespace and name in its description) may come first.
    f.assert_each_in_top(
        2,
        &[
            (
                "lista los espacios de nombres de Kubernetes",
                "kubernetes-manusa::namespaces_list",
            ),
            (
                "покажи пространства имён Kubernetes",
                "kubernetes-manusa::namespaces_list",
            ),
            (
                "Kubernetesの名前空間を一覧表示して",
                "kubernetes-manusa::namespaces_list",
            ),
        ],
    );
}

#[test]
fn a_phrase_that_is_one_word_in_english_finds_its_tool() {
    // Alone, tableau is a table, bord a border, passe a pass and mettre an update.
    let f = Fixture::with(listed(&[
        (
            "updateTableBorders",
            "google-docs",
            "Applies table border styles to a Google Docs table range.",
        ),
        (
            "list_dashboards",
            "datadog",
            "Get list of dashboards from Datadog",
        ),
        (
            "git_changelog_analyze",
            "git-cyanheads",
            "Gather git history context (commits, tags) and structured review instructions \
             to support LLM-driven changelog analysis.",
        ),
        (
            "hosting_changeDatabasePasswordV1",
            "hostinger",
            "Changes the password for the specified database user.",
        ),
        (
            "atlas-upgrade-cluster",
            "mongodb",
            "Upgrade or scale a MongoDB Atlas cluster.",
        ),
        (
            "atlas-inspect-cluster",
            "mongodb",
            "Inspect metadata of a MongoDB Atlas cluster",
        ),
        ("update_issue", "gitlab-zereight", "Update an issue."),
        ("pause_project", "supabase", "Pauses a Supabase project."),
        ("login", "ms-365", "Authenticate with Microsoft account"),
        (
            "list-accounts",
            "ms-365",
            "List all Microsoft accounts configured in this server.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            ("ouvre le tableau de bord", "datadog::list_dashboards"),
            (
                "montre-moi les tableaux de bord",
                "datadog::list_dashboards",
            ),
            ("abre el panel de control", "datadog::list_dashboards"),
            (
                "change le mot de passe de l'utilisateur de la base",
                "hostinger::hosting_changeDatabasePasswordV1",
            ),
            (
                "mets à niveau le cluster Atlas",
                "mongodb::atlas-upgrade-cluster",
            ),
            ("mettez à jour le ticket", "gitlab-zereight::update_issue"),
            ("inicia sesión en mi cuenta de Microsoft", "ms-365::login"),
        ],
    );
}

#[test]
fn a_german_compound_with_an_english_head_finds_its_tool() {
    // Nutzungstrigger is Nutzung (usage) + trigger; the tool list is Twilio's own wording.
    let twilio = TWILIO;
    let f = Fixture::with(listed(&[
        (
            "TwilioApiV2010--ListUsageRecord",
            "twilio",
            &format!("{twilio} Retrieve a list of usage-records belonging to the account"),
        ),
        (
            "TwilioApiV2010--ListCall",
            "twilio",
            &format!("{twilio} Retrieves a collection of calls made to and from your account"),
        ),
        (
            "TwilioApiV2010--ListUsageTrigger",
            "twilio",
            &format!("{twilio} Retrieve a list of usage-triggers belonging to the account"),
        ),
    ]));
    f.assert_in_top(
        "zeig mir die Twilio-Nutzungstrigger",
        1,
        "twilio::TwilioApiV2010--ListUsageTrigger",
    );
}

#[test]
fn a_process_output_or_a_scrape_is_found_in_other_languages() {
    let f = Fixture::with(hosting_and_cluster_tools());
    f.assert_each_in_top(
        1,
        &[
            (
                "montre-moi la sortie du processus en cours",
                "desktop-commander::read_process_output",
            ),
            (
                "実行中のプロセスの出力を見せて",
                "desktop-commander::read_process_output",
            ),
            (
                "显示正在运行的进程的输出",
                "desktop-commander::read_process_output",
            ),
            (
                "можешь спарсить содержимое этой веб-страницы?",
                "firecrawl::firecrawl_scrape",
            ),
            ("能抓取这个网页的内容吗？", "firecrawl::firecrawl_scrape"),
            (
                "이 웹페이지 내용을 스크래핑해 줄래?",
                "firecrawl::firecrawl_scrape",
            ),
        ],
    );
}

/// Database tools (mcp-servers catalog): English-described ones and three CloudBase tools
/// described in Chinese.
const DATABASE_TOOLS: &[(&str, &str, &str)] = &[
    ("query", "mcp-postgres", "Run a read-only SQL query"),
    (
        "drop-database",
        "mongodb",
        "Removes the specified database, deleting the associated data files",
    ),
    (
        "list-collections",
        "mongodb",
        "List all collections for a given database",
    ),
    (
        "list-databases",
        "mongodb",
        "List all databases for a MongoDB connection",
    ),
    (
        "list_tables",
        "supabase",
        "Lists all tables in one or more schemas. By default returns a compact summary.",
    ),
    (
        "execute_sql",
        "supabase",
        "Executes raw SQL in the Postgres database.",
    ),
    (
        "readNoSqlDatabaseStructure",
        "cloudbase",
        "读取 CloudBase NoSQL 数据库集合与索引结构，支持列出集合、查看集合详情、列出索引以及检查索引是否存在。",
    ),
    (
        "readNoSqlDatabaseContent",
        "cloudbase",
        "查询 CloudBase NoSQL 数据库中的数据记录。支持按条件筛选、分页、排序，适用于管理端数据查询与运维。",
    ),
    (
        "queryPgDatabase",
        "cloudbase",
        "查询 CloudBase PostgreSQL 数据库。支持获取当前 PG 上下文、列出带 schema 的数据库对象、读取轻量元数据。",
    ),
];

#[test]
fn a_chinese_query_over_mostly_english_tools_does_not_favour_the_few_described_in_chinese() {
    // 删除 and 数据库 are lexicon words: their concepts (delete, database) reach every
    // tool; their bigrams had matched the CloudBase descriptions a second time, and put
    // queryPgDatabase first.
    let f = Fixture::with(listed(DATABASE_TOOLS));
    f.assert_in_top("删除这个数据库", 1, "mongodb::drop-database");
}

#[test]
fn a_chinese_requests_everyday_words_do_not_pull_a_chinese_described_tool_first() {
    // Among 265 tools, the 30 described in Chinese hold every Chinese bigram: 查询 (query),
    // 具体 (specific), 实时 (real-time) and 信息 (information) of one Baidu Maps description
    // were as rare as a product's name, and put its traffic tool above the page tools these
    // requests ask for. Judged among the tools described in Chinese, they are common words.
    let f = Fixture::new();
    assert!(f.top("查询具体的 Notion 页面详情", 1)[0].starts_with("notion::"));
    assert!(f.top("获取这个页面的实时信息并截图", 1)[0].ends_with("screenshot"));
    // A request for that tool, in its own words, still finds it first.
    f.assert_in_top(
        "查询北京三环的实时拥堵情况",
        1,
        "baidu-map::map_road_traffic",
    );
    f.assert_in_top("计算从机场到酒店的路线用时", 2, "baidu-map::map_directions");
}

#[test]
fn a_long_task_descriptions_last_request_is_read() {
    // 53 words before the request, most of them function words: only content words count
    // towards the query's bound, so "post a message in the slack channel" is still read.
    let query = "Yesterday I was at the office with all of my colleagues, and we talked for a \
                 long time about what we would like to do in the next year and how it could be \
                 done; all of them were in a good mood after it, so when you have a moment for \
                 it, please post a message in the slack channel";
    assert!(query.split_whitespace().count() > 60);
    Fixture::new().assert_in_top(query, 3, "mcp-slack::slack_post_message");
}

#[test]
fn a_cognate_no_lexicon_line_lists_finds_the_english_tool() {
    // imágenes, relevancia and automatische are in no lexicon line: their own language's stem
    // is the English word's (imag, relev, automat). Catalog order puts the other tool first,
    // so a tie would not pass.
    let f = Fixture::with(listed(&[
        ("web_search", "brave", "Search the web for pages."),
        ("image_search", "brave", "Search the web for images."),
        ("get_documents", "pinecone", "Get documents from an index."),
        (
            "rerank_documents",
            "pinecone",
            "Rerank documents by relevance to a query.",
        ),
        ("get_reply", "mail", "Get the reply to a message."),
        (
            "get_autoreply",
            "mail",
            "Get the automatic reply of a mailbox.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            ("busca imágenes de montañas", "brave::image_search"),
            (
                "ordena estos documentos por relevancia",
                "pinecone::rerank_documents",
            ),
        ],
    );
    // automatische is read as automatic: a word of get_autoreply's description. (get_reply
    // is first: the request says its whole name, zeige … Antwort, show reply, and the auto
    // of autoreply in another word; see the whole-name factor.)
    let terms = f.terms_of("zeige die automatische Antwort", 2, "get_autoreply");
    assert!(terms.iter().any(|t| t == "automat"), "{terms:?}");
}

#[test]
fn a_romance_learned_suffix_finds_the_english_word() {
    // Their own stems (orientacion, posico, priorid) are not the English word's (orient,
    // posit, prioriti): the word is read with the English suffix (-ción: -tion, -idad: -ity).
    let f = Fixture::with(listed(&[
        ("get_screen_size", "mobile", "Get the size of the screen."),
        (
            "get_orientation",
            "mobile",
            "Get the orientation of the screen.",
        ),
        ("delete_text", "docs", "Delete text from a document."),
        (
            "delete_range",
            "docs",
            "Delete the text between two positions of a document.",
        ),
        ("list_tasks", "tasks", "List the tasks of a project."),
        (
            "rank_tasks",
            "tasks",
            "Order the tasks of a project by priority.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "cuál es la orientación de la pantalla",
                "mobile::get_orientation",
            ),
            ("las tareas del proyecto por prioridad", "tasks::rank_tasks"),
        ],
    );
    // posicoes is read as positions: a word of delete_range's description. (delete_text is
    // first: the request says its whole name, apague o texto, and delete_range's range it
    // says in other words; see the whole-name factor.)
    let terms = f.terms_of(
        "apague o texto entre estas duas posicoes",
        2,
        "delete_range",
    );
    assert!(terms.iter().any(|t| t == "posit"), "{terms:?}");
}

#[test]
fn a_deep_paths_directories_do_not_pull_tools() {
    // home, felix, code and dashboard are the user's folders above the file's (src), and
    // chart is the file's name: none says what to do. src and tsx stay words.
    let f = Fixture::with(listed(&[
        (
            "create_dashboard",
            "monday",
            "Create a dashboard with a chart.",
        ),
        (
            "lint_files",
            "eslint",
            "Lint source files and report problems.",
        ),
    ]));
    f.assert_in_top(
        "lint /home/felix/code/dashboard/src/chart.tsx",
        1,
        "eslint::lint_files",
    );
}

#[test]
fn a_pasted_id_is_no_word() {
    // Split as an identifier, recW1e2R3t4Y5u6I7 gives rec, a name word of the first tool.
    let f = Fixture::with(listed(&[
        (
            "fileshares_rec",
            "azure",
            "Get a sizing recommendation for file shares.",
        ),
        ("update_records", "airtable", "Update records in a table."),
    ]));
    f.assert_in_top(
        "setze recW1e2R3t4Y5u6I7 und recO8p9A0s1D2f3G4 in der Tabelle auf Eingeladen",
        1,
        "airtable::update_records",
    );
}

#[test]
fn words_of_three_catalogs_tool_names_find_them_in_other_languages() {
    // The twenty-eighth session's lexicon lines (reject, distance, and latitude and longitude
    // on the coordinates line, with an English related-word line for them): each query
    // missed its tool before them.
    let f = Fixture::new();
    f.assert_each_in_top(
        3,
        &[
            (
                "recusa o convite da reunião de quinta",
                "google-calendar::respond-to-event",
            ),
            (
                "Entfernung und Fahrzeit von unseren Lagern zu den Filialen",
                "mcp-google-maps::maps_distance_matrix",
            ),
            (
                "창고에서 매장까지 거리 계산해줘",
                "mcp-google-maps::maps_distance_matrix",
            ),
            (
                "посчитай расстояние от склада до магазинов",
                "mcp-google-maps::maps_distance_matrix",
            ),
            (
                "東京タワーの緯度と経度を調べて",
                "mcp-google-maps::maps_geocode",
            ),
            (
                "get the latitude and longitude of the Eiffel Tower",
                "mcp-google-maps::maps_geocode",
            ),
            (
                "dame la latitud y longitud de la Sagrada Familia",
                "mcp-google-maps::maps_geocode",
            ),
        ],
    );
}

#[test]
fn a_loanword_too_short_for_its_consonant_key_is_listed() {
    // ノード and 노드 (node) and 아이템 (item) have two consonants, too few for the loanword
    // key (see analysis::loanword): their lexicon lines list them. The catalog order puts the
    // wrong tool first on a tie.
    let f = Fixture::with(listed(&[
        ("search_documents", "docs", "Search documents by keyword."),
        (
            "search_nodes",
            "memory",
            "Search nodes of the knowledge graph.",
        ),
        ("add_comment", "board", "Add a comment to a board."),
        ("add_item", "board", "Add an item to a board."),
    ]));
    f.assert_each_in_top(
        1,
        &[
            ("노드 검색해줘", "memory::search_nodes"),
            ("ノードを検索して", "memory::search_nodes"),
            ("아이템 추가해줘", "board::add_item"),
        ],
    );
}

#[test]
fn a_russian_developers_english_verb_finds_its_tool() {
    // Russian IT talk makes verbs of English ones, with a Russian prefix and ending
    // (задеплоить, смержить, залочить, отскейлить): no transliteration of the whole word or
    // its stem is the English one, so their lexicon lines list them. The catalog order puts
    // the wrong tool first on a tie.
    let f = Fixture::with(listed(&[
        ("download_file", "drive", "Download a file."),
        ("lock_file", "drive", "Lock a file so nobody can edit it."),
        ("describe_service", "cloud", "Describe a service."),
        ("deploy_service", "cloud", "Deploy a service."),
        (
            "scale_service",
            "cloud",
            "Scale a service to a number of instances.",
        ),
        ("delete_branch", "git", "Delete a branch."),
        ("merge_branch", "git", "Merge a branch."),
    ]));
    f.assert_each_in_top(
        1,
        &[
            ("залочь файл бюджета", "drive::lock_file"),
            ("задеплой сервис billing", "cloud::deploy_service"),
            ("отскейль сервис до трёх", "cloud::scale_service"),
            ("смержи ветку feature", "git::merge_branch"),
        ],
    );
}

#[test]
fn a_maintenance_window_finds_the_downtime_tools() {
    // Monitoring tools call a planned maintenance window a downtime, which silences
    // monitors: related.txt reads maintenance and silence as downtime.
    let f = Fixture::with(listed(&[
        ("get_monitor", "datadog", "Get a monitor's details."),
        ("list_downtimes", "datadog", "List scheduled downtimes."),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "was a maintenance window silencing the checkout alerts?",
                "datadog::list_downtimes",
            ),
            ("is there maintenance planned", "datadog::list_downtimes"),
        ],
    );
}

#[test]
fn a_query_marked_as_french_reads_a_word_english_shares_as_french() {
    // "retire" is an English catalog word too, but "du" marks the query as French, where
    // retirer is remove: the word is read both ways. Without such a mark it is English.
    let f = Fixture::with(listed(&[
        ("retire_device", "fleet", "Retire a device from the fleet."),
        ("remove_member", "groups", "Remove a member from a group."),
    ]));
    f.assert_in_top("retire Camille du groupe Data", 1, "groups::remove_member");
    f.assert_in_top("retire device 42", 1, "fleet::retire_device");
}

#[test]
fn a_file_path_says_the_request_is_about_a_file() {
    // "how big is ~/notes/todo.txt" never says file, and the file's name is a to-do list's
    // word: the path gives the query the word file and its name is read as a value, in any
    // language the request is written in.
    let f = Fixture::with(listed(&[
        ("list_todo_tasks", "todo", "List the tasks of a to-do list."),
        (
            "get_todo_task",
            "todo",
            "Get a task of a to-do list: its title and when it was last changed.",
        ),
        (
            "get_file_info",
            "fs",
            "Get a file's size, creation and last modification time.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "how big is ~/notes/todo.txt and when was it last changed",
                "fs::get_file_info",
            ),
            (
                "~/notes/todo.txt はいつ最後に変更された？",
                "fs::get_file_info",
            ),
            ("wie groß ist C:\\notes\\todo.txt", "fs::get_file_info"),
            ("when was my todo task last changed", "todo::get_todo_task"),
        ],
    );
}

#[test]
fn everyday_verbs_of_spanish_and_portuguese_chat_read_as_tool_words() {
    // Chat says mandar for send, apagar and desligar for turning a machine off, papel for a
    // role, petición for a request: words no lexicon line had, so the requests matched only
    // their objects (Spanish apagar had read as Portuguese apagar, delete).
    let f = Fixture::with(listed(&[
        ("delete_vps", "hosting", "Delete a virtual machine."),
        ("stop_vps", "hosting", "Stop a running virtual machine."),
        (
            "list_messages",
            "chat",
            "List the messages of a conversation.",
        ),
        ("send_message", "chat", "Send a message to a user."),
        ("list_team_members", "team", "List the members of a team."),
        ("update_member_role", "team", "Change a team member's role."),
        (
            "list_network_requests",
            "browser",
            "List the network requests of the page.",
        ),
        ("get_page_html", "browser", "Get the page's HTML."),
    ]));
    f.assert_each_in_top(
        1,
        &[
            ("apaga el vps que esta corriendo", "hosting::stop_vps"),
            ("desliga minha vps", "hosting::stop_vps"),
            ("mandale un mensaje al cliente", "chat::send_message"),
            (
                "tira o papel de admin do membro do time",
                "team::update_member_role",
            ),
            (
                "muestrame las peticiones de la pagina",
                "browser::list_network_requests",
            ),
        ],
    );
}

#[test]
fn a_pasted_link_names_its_site_and_asks_for_a_tool_that_takes_a_link() {
    // Descriptions give example links (https://api.acme.com/...): read as words, a pasted
    // link's scheme, top-level domain and path (someone's org and repository) matched them.
    // A link is read as its host's names; its path counts only as tool-name words, and the
    // query gains the word url, whatever language it is written in.
    let f = Fixture::with(listed(&[
        (
            "list_deployments",
            "models",
            "List deployments, e.g. GET https://api.acme.com/v1/deployments from https://www.acme.com/docs.",
        ),
        (
            "create_pipeline",
            "gitlab",
            "Create a new pipeline for a branch or tag.",
        ),
        ("search_posts", "blog", "Search the blog's posts by keyword."),
        (
            "fetch",
            "web",
            "Fetch a URL and return the page's content as markdown.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "start a pipeline on release/2.14 for https://gitlab.com/acme/payments-api",
                "gitlab::create_pipeline",
            ),
            (
                "lance un pipeline pour https://gitlab.com/acme/api",
                "gitlab::create_pipeline",
            ),
            ("what does https://example.org/blog/post say", "web::fetch"),
            ("resume https://example.org/blog/post", "web::fetch"),
            ("search the blog posts about wasm", "blog::search_posts"),
            // Outside a link the same word counts in full (the index remembers words'
            // readings between queries).
            ("blog", "blog::search_posts"),
        ],
    );
}

#[test]
fn a_function_word_is_never_heard_as_a_tool_word() {
    // Russian просто (just) keyed like post to the loanword ear and pointed at the tool named
    // for posts (as быть did at bytes, pt pra as a prefix at practices, de als, stemmed, at al).
    let f = Fixture::with(listed(&[
        ("get_post", "reddit", "Get the details of a post."),
        ("get_issue", "github", "Get an issue of a repository."),
        ("list_issues", "github", "List the issues of a repository."),
        ("create_issue", "github", "Create an issue in a repository."),
        ("update_issue", "github", "Update an issue's title or body."),
    ]));
    f.assert_in_top("просто получи задачу", 1, "github::get_issue");
}

#[test]
fn a_name_written_as_a_path_counts_as_a_links_path_does() {
    // Descriptions give example names (stability-ai/sdxl in a cURL example): read as words,
    // a request's model, repository or branch name (owner/name with a joined word) pointed at
    // the tools whose examples happen to name it, above the one that does what it asks.
    let f = Fixture::with(listed(&[
        (
            "create_trainings",
            "replicate",
            "Start a training of a model version. Example: curl -X POST \
             https://api.replicate.com/v1/models/stability-ai/sdxl/versions/da77bc59/trainings",
        ),
        (
            "create_deployments",
            "replicate",
            "Create a deployment of a model version, e.g. stability-ai/sdxl on hardware gpu-a40.",
        ),
        (
            "list_models_versions",
            "replicate",
            "List a model's versions, most recent first.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "show me all published versions of stability-ai/sdxl on Replicate",
                "replicate::list_models_versions",
            ),
            (
                "покажи все версии stability-ai/sdxl на Replicate",
                "replicate::list_models_versions",
            ),
        ],
    );
}

#[test]
fn a_quoted_name_says_nothing_about_the_tool_unless_it_is_a_tools_name() {
    // A request hands the tool names of someone's things ('contact-us', «Миграция CRM»):
    // read as words, they pointed at the tools those words name. A quote is read as no
    // words, unless it is most of the request or a tool's own name.
    let f = Fixture::with(listed(&[
        (
            "list_forms",
            "netlify",
            "List the forms registered on a site.",
        ),
        (
            "list_contacts",
            "crm",
            "List the contacts of the address book.",
        ),
        ("create_issue", "github", "Create an issue in a repository."),
        (
            "add_comment",
            "github",
            "Add a comment to an issue or a pull request.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "which forms does the site 'crm-contacts-book' have",
                "netlify::list_forms",
            ),
            (
                "какие формы есть на сайте «CRM contacts book»",
                "netlify::list_forms",
            ),
            (
                "use 'add_comment' to say issue 12 is fixed",
                "github::add_comment",
            ),
            ("\"list contacts\"", "crm::list_contacts"),
        ],
    );
}

/// A family of tools over one object that differ by their verb (written after Postman's mock
/// tools): `createMock`'s long description dilutes its object words.
fn mock_tools() -> Vec<Tool> {
    listed(&[
        (
            "createMock",
            "postman",
            "Creates a mock server in a collection. Pass the collection's UID, which joins the \
             owner ID and the collection ID with a hyphen; with only the collection ID, look \
             its UID up first. The mock may be private or public and may use an environment.",
        ),
        (
            "createMockServerResponse",
            "postman",
            "Creates a server response on a mock server: every request to the mock then \
             returns this 5xx response.",
        ),
        (
            "deleteMockServerResponse",
            "postman",
            "Deletes a mock server's server response.",
        ),
        (
            "updateMock",
            "postman",
            "Updates a mock server: its name, environment, privacy or default server response.",
        ),
        ("getMocks", "postman", "Lists the mock servers."),
        (
            "create_issue",
            "github",
            "Create a new issue in a repository.",
        ),
        ("create_event", "calendar", "Create an event in a calendar."),
        ("create_file", "drive", "Create a file in a folder."),
        ("create_page", "notion", "Create a page in a workspace."),
        (
            "create_contact",
            "crm",
            "Create a contact in the address book.",
        ),
        (
            "create_channel",
            "slack",
            "Create a channel in a workspace.",
        ),
    ])
}

#[test]
fn a_short_requests_action_decides_between_tools_of_one_object() {
    let f = Fixture::with(mock_tools());
    for query in [
        "create mock server",
        "создай mock сервер",
        "crear servidor mock",
    ] {
        let mut top = f.top(query, 2);
        top.sort();
        assert_eq!(
            top,
            ["postman::createMock", "postman::createMockServerResponse"],
            "{query}"
        );
    }
    assert_eq!(
        f.top("delete mock server response", 1),
        ["postman::deleteMockServerResponse"]
    );
    // Without the rule the object's words decide, and a tool that creates nothing is second
    // (without the whole-name factor too, which favours createMock, whose every name word
    // the request says).
    let tools = mock_tools();
    let refs: Vec<&Tool> = tools.iter().collect();
    let mut options = SearchOptions::default();
    options.tuning.action = 1.0;
    options.tuning.name_cover = 1.0;
    let plain = SearchIndex::build(&refs, &options);
    let second = plain.search("create mock server", 2)[1].doc;
    assert!(
        !tools[second].name.starts_with("create"),
        "{}",
        tools[second].name
    );
}

#[test]
fn a_long_requests_verbs_and_a_tool_name_without_one_decide_nothing() {
    let f = Fixture::with(mock_tools());
    let explain = |query: &str| {
        let hits = f.index.search_with(
            query,
            &SearchRequest {
                limit: 5,
                explain: true,
                ..SearchRequest::default()
            },
        );
        hits.into_iter()
            .map(|h| (f.tools[h.doc].name.clone(), h.score, h.explain.unwrap()))
            .collect::<Vec<_>>()
    };
    // Short: the tools naming another action carry a negative entry, and every hit's
    // contributions still add up to its score.
    let short = explain("create mock server");
    for (name, score, parts) in &short {
        let other = parts.iter().find(|p| p.term == "another action");
        assert_eq!(other.is_some(), !name.starts_with("create"), "{name}");
        assert!(other.map_or(true, |p| p.score < 0.0 && p.field == "name"));
        let sum: f64 = parts.iter().map(|p| p.score).sum();
        assert!((sum - score).abs() < 1e-9, "{name}: {sum} vs {score}");
    }
    // More than six words the catalog knows: a story, not a request's action.
    let long = explain("create the mock server's response with its environment, privacy and owner");
    assert!(long
        .iter()
        .all(|(_, _, parts)| parts.iter().all(|p| p.term != "another action")));
    // Two actions named: neither decides.
    let both = explain("create or delete mock server");
    assert!(both
        .iter()
        .all(|(_, _, parts)| parts.iter().all(|p| p.term != "another action")));
}

#[test]
fn a_german_query_typed_as_keywords_reads_its_compounds() {
    // No article or pronoun tells these queries' language; their verb does.
    let f = Fixture::with(listed(&[
        ("update_event", "calendar", "Update an event in a calendar."),
        ("create_calendar", "calendar", "Create a calendar."),
        ("get_account", "replicate", "Get the account's information."),
        ("list_models", "replicate", "List the models."),
        (
            "get_console_errors",
            "browser",
            "Get the errors of the browser's console.",
        ),
        (
            "take_screenshot",
            "browser",
            "Take a screenshot of the page.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            ("Kalendertermin aktualisieren", "calendar::update_event"),
            (
                "Replicate Kontoinformationen abrufen",
                "replicate::get_account",
            ),
            (
                "Browser-Konsolenfehler anzeigen",
                "browser::get_console_errors",
            ),
        ],
    );
}

/// Tools of three servers with shared words (descriptions as the servers write them).
fn product_tools() -> Vec<Tool> {
    listed(&[
        (
            "getWorkspaceRoles",
            "postman",
            "Gets the roles of users, user groups, and partners in a workspace. Requires \
             workspace access; use it to audit who can do what.",
        ),
        (
            "getWorkspaces",
            "postman",
            "Gets all workspaces you have access to, with their users and visibility.",
        ),
        (
            "getWorkspace",
            "postman",
            "Gets information about a workspace: its members, collections and access.",
        ),
        ("API-get-users", "notion", "Notion | List all users"),
        (
            "API-get-self",
            "notion",
            "Notion | Retrieve your token's bot user",
        ),
        ("API-post-search", "notion", "Notion | Search by title"),
        ("API-post-page", "notion", "Notion | Create a page"),
        (
            "brave_web_search",
            "brave-search",
            "Performs a web search using the Brave Search API, for general queries, news and \
             articles, with pagination.",
        ),
        (
            "searxng_web_search",
            "searxng",
            "Performs a web search using the SearXNG API, aggregating several search engines.",
        ),
        (
            "firecrawl_search",
            "firecrawl",
            "Search the web and optionally extract content from the search results.",
        ),
    ])
}

/// Each hit of `query` over `f`: name, score and explanation.
fn explained(f: &Fixture, query: &str) -> Vec<(String, f64, Vec<tool_search::TermScore>)> {
    let request = SearchRequest {
        limit: 9,
        explain: true,
        ..SearchRequest::default()
    };
    f.index
        .search_with(query, &request)
        .into_iter()
        .map(|h| (f.tools[h.doc].name.clone(), h.score, h.explain.unwrap()))
        .collect()
}

#[test]
fn a_request_naming_a_product_finds_its_tools_before_another_products() {
    let query = "Can you list every user in our Notion workspace? I need the full roster for an \
                 access audit.";
    let f = Fixture::with(product_tools());
    assert_eq!(f.top(query, 1), ["notion::API-get-users"]);
    // Without the rule Postman's workspace, access and audit words decide.
    let tools = product_tools();
    let refs: Vec<&Tool> = tools.iter().collect();
    let mut options = SearchOptions::default();
    options.tuning.product = 1.0;
    let plain = SearchIndex::build(&refs, &options);
    let first = &tools[plain.search(query, 1)[0].doc];
    assert_eq!(first.source.as_deref(), Some("postman"), "{}", first.name);
    // The named product's tools carry a positive entry, and every hit's contributions still
    // add up to its score.
    for (name, score, parts) in explained(&f, query) {
        let named = parts.iter().find(|p| p.term == "named product");
        assert_eq!(named.is_some(), name.starts_with("API-"), "{name}");
        assert!(named.map_or(true, |p| p.score > 0.0 && p.field == "source"));
        let sum: f64 = parts.iter().map(|p| p.score).sum();
        assert!((sum - score).abs() < 1e-9, "{name}: {sum} vs {score}");
    }
}

#[test]
fn a_word_most_of_whose_tools_lack_it_in_their_label_names_no_product() {
    // `search` is in brave-search's label, and in more tools' names and descriptions.
    let f = Fixture::with(product_tools());
    let hits = explained(&f, "web search for Rust migration guides");
    assert!(hits.len() >= 3);
    assert!(hits
        .iter()
        .all(|(_, _, parts)| parts.iter().all(|p| p.term != "named product")));
    // Named, Brave is: its tool gains, the other engines do not.
    let named = explained(&f, "web search with Brave");
    let gains = |parts: &[tool_search::TermScore]| parts.iter().any(|p| p.term == "named product");
    assert_eq!(named[0].0, "brave_web_search");
    assert!(gains(&named[0].2));
    assert!(named[1..].iter().all(|(_, _, parts)| !gains(parts)));
}

#[test]
fn a_short_request_naming_an_action_and_a_product_explains_both_shares() {
    // "create" is the action, Notion the product: Notion's getter loses a share and gains
    // one, Postman's getters only lose one.
    let f = Fixture::with(product_tools());
    for (name, score, parts) in explained(&f, "create Notion workspace user") {
        let has = |term: &str| parts.iter().any(|p| p.term == term);
        if name.starts_with("get") {
            assert!(has("another action") && !has("named product"), "{name}");
        }
        if name == "API-get-users" {
            assert!(has("another action") && has("named product"), "{name}");
        }
        let sum: f64 = parts.iter().map(|p| p.score).sum();
        assert!((sum - score).abs() < 1e-9, "{name}: {sum} vs {score}");
    }
}

#[test]
fn a_product_name_in_camel_case_counts_once_as_in_lower_case() {
    // Only some descriptions name GitHub (git, hub); the source label names it for all.
    let f = Fixture::with(listed(&[
        (
            "create_pull_request",
            "mcp-github",
            "Create a new pull request in a GitHub repository",
        ),
        (
            "get_pull_request",
            "mcp-github",
            "Get details of a specific pull request",
        ),
        (
            "list_pull_requests",
            "mcp-github",
            "List and filter repository pull requests",
        ),
        (
            "merge_pull_request",
            "mcp-github",
            "Merge a pull request in a GitHub repository",
        ),
        (
            "search_github",
            "firecrawl",
            "Search GitHub for repositories, issues and code",
        ),
        ("create_issue", "linear", "Create a new issue in a team"),
    ]));
    let cased = f.top("GitHub pull request details", 3);
    assert_eq!(cased[0], "mcp-github::get_pull_request");
    assert_eq!(cased, f.top("github pull request details", 3));
    // Parts that no tool writes as one word still count one by one.
    assert_eq!(f.top("createIssue", 1), ["linear::create_issue"]);
}

#[test]
fn a_product_named_in_two_words_counts_once_as_its_labels_word() {
    // Argo CD's tools are labelled argocd, and some descriptions say "ArgoCD" (argo, cd and
    // argocd): typed as two words, the name counted three times for those, so
    // create_application and list_clusters outranked the tool asked for.
    let f = Fixture::with(listed(&[
        (
            "list_clusters",
            "argocd",
            "list_clusters returns list of clusters registered with ArgoCD",
        ),
        (
            "create_application",
            "argocd",
            "create_application creates a new ArgoCD application in the specified namespace. \
             The application.metadata.namespace field determines where the Application \
             resource will be created (e.g., \"argocd\", \"argocd-apps\", or any custom \
             namespace).",
        ),
        (
            "get_application_events",
            "argocd",
            "get_application_events returns events for application by application name. \
             Optionally specify the application namespace to get events from applications \
             in non-default namespaces.",
        ),
        (
            "get_resource_events",
            "argocd",
            "get_resource_events returns events for a resource that is managed by an \
             application",
        ),
        (
            "list_events",
            "kubernetes",
            "List Kubernetes events in a namespace",
        ),
    ]));
    let query = "which events did the checkout application in Argo CD log recently?";
    assert_eq!(f.top(query, 1), ["argocd::get_application_events"]);
    // Written as one word, the same.
    assert_eq!(
        f.top(
            "which events did the checkout application in ArgoCD log recently?",
            1
        ),
        ["argocd::get_application_events"]
    );
}

#[test]
fn an_inflected_first_word_joins_the_next_into_a_tool_name_word() {
    // "working tree" is git_worktree's name word: the first word joins as its stem (work).
    // git_checkout, git_diff and git_status say "working tree" too; stashing matches
    // git_stash's name, which stays first here.
    let f = Fixture::with(listed(&[
        (
            "git_stash",
            "git-cyanheads",
            "Manage stashes: list stashes, save current changes (push), restore changes \
             (pop/apply), or remove stashes (drop/clear).",
        ),
        (
            "git_checkout",
            "git-cyanheads",
            "Switch branches or restore working tree files. Can checkout an existing branch, \
             create a new branch, or restore specific files.",
        ),
        (
            "git_diff",
            "git-cyanheads",
            "View differences between commits, branches, or working tree. Shows changes in \
             unified diff format.",
        ),
        (
            "git_status",
            "git-cyanheads",
            "Show the working tree status including staged, unstaged, and untracked files.",
        ),
        (
            "git_merge",
            "git-cyanheads",
            "Merge branches together. Integrates changes from another branch into the current \
             branch with optional merge strategies.",
        ),
        (
            "git_push",
            "git-cyanheads",
            "Push changes to a remote repository. Uploads local commits to the remote branch.",
        ),
        (
            "git_log",
            "git-cyanheads",
            "View commit history with optional filtering by author, date range, file path, or \
             commit message pattern.",
        ),
        (
            "git_worktree",
            "git-cyanheads",
            "Manage multiple working trees: list worktrees, add new worktrees for parallel \
             work, remove worktrees, or move worktrees to new locations.",
        ),
    ]));
    f.assert_in_top(
        "Set up a second working tree at ../shop-hotfix on branch hotfix/1.4.2 so I can patch \
         without stashing current changes.",
        2,
        "git-cyanheads::git_worktree",
    );
}

#[test]
fn environment_variable_in_any_language_finds_a_tool_that_writes_env_vars() {
    // The Netlify tool says only "manage-env-vars"; other languages' words for environment
    // variable translate to environment and variable, whose related words are env and var.
    let f = Fixture::with(listed(&[
        (
            "netlify-deploy-services-reader",
            "netlify",
            "Select and run one of the following Netlify read operations (read-only) \
             get-deploy, get-deploy-for-site",
        ),
        (
            "netlify-project-services-updater",
            "netlify",
            "Select and run one of the following Netlify write operations \
             update-visitor-access-controls, update-forms, manage-form-submissions, \
             update-project-name, manage-env-vars, create-new-project",
        ),
        (
            "netlify-deploy-services-updater",
            "netlify",
            "Select and run one of the following Netlify write operations deploy-site",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "set the environment variable STRIPE_KEY on my Netlify site",
                "netlify::netlify-project-services-updater",
            ),
            (
                "Задать переменную окружения STRIPE_KEY на сайте в Netlify",
                "netlify::netlify-project-services-updater",
            ),
            (
                "die Umgebungsvariable STRIPE_KEY auf der Netlify-Site setzen",
                "netlify::netlify-project-services-updater",
            ),
        ],
    );
}

#[test]
fn rows_in_other_languages_find_the_sheet_row_tools() {
    // Spanish filas, Portuguese linhas, German Zeilen and Russian строки are rows, and
    // agrupar, gruppieren and сгруппировать group them.
    let f = Fixture::with(listed(&[
        (
            "addSheet",
            "google-docs",
            "Adds a new sheet (tab) to an existing spreadsheet. Returns the new sheet's title \
             and ID.",
        ),
        (
            "deleteSheet",
            "google-docs",
            "Deletes a sheet (tab) from a spreadsheet. Use getSpreadsheetInfo to find the \
             numeric sheet ID.",
        ),
        (
            "renameSheet",
            "google-docs",
            "Renames a sheet (tab) in a spreadsheet. Use getSpreadsheetInfo to find the numeric \
             sheet ID.",
        ),
        (
            "appendRows",
            "google-docs",
            "Appends rows to the end of a sheet. Data is added after the last row with content \
             in the specified range.",
        ),
        (
            "groupRows",
            "google-docs",
            "Creates collapsible row groups in a Google Sheet using the Sheets API \
             addDimensionGroup request. Each group specifies a range of rows (1-based, \
             inclusive) to collapse.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "agrupa las filas 12 a 30 de la pestaña Expenses",
                "google-docs::groupRows",
            ),
            (
                "agrupe as linhas 12 a 30 da aba Expenses",
                "google-docs::groupRows",
            ),
            (
                "gruppiere die Zeilen 12 bis 30 im Tab Expenses",
                "google-docs::groupRows",
            ),
            (
                "сгруппируй строки 12–30 на вкладке Expenses",
                "google-docs::groupRows",
            ),
        ],
    );
}

#[test]
fn a_noun_of_action_finds_its_verbs_tool_in_any_language() {
    // Ticket titles and headings name the action by a noun: Löschung (löschen), suppression,
    // criação (criar), перемещение (переместить), creation (create), and inside a German
    // compound (Dateilöschung). The object is the same for every tool: the noun decides.
    let f = Fixture::with(file_tools_of_one_shape());
    f.assert_each_in_top(
        1,
        &[
            ("Löschung der Datei report.pdf", "files::delete_file"),
            ("Dateilöschung im Projekt", "files::delete_file"),
            ("Aktualisierung der Datei notes.txt", "files::update_file"),
            ("Suppression du fichier report.pdf", "files::delete_file"),
            ("Criação de arquivo notes.txt", "files::create_file"),
            ("Перемещение файла notes.txt в архив", "files::move_file"),
            ("Изменение файла notes.txt", "files::update_file"),
            ("Lettura del file notes.txt", "files::read_file"),
            (
                "Creation of a file for the release notes",
                "files::create_file",
            ),
        ],
    );
}

#[test]
fn an_idiom_for_the_action_finds_its_tool_in_any_language() {
    // People say what they want done with the verbs of everyday talk, not the tool's own:
    // scrap, get rid of, tear down and выпилить delete; spin up creates; cambiar, changer and
    // anpassen change. The object is the same for every tool: the idiom decides.
    let f = Fixture::with(file_tools_of_one_shape());
    f.assert_each_in_top(
        1,
        &[
            ("Scrap the file report.pdf", "files::delete_file"),
            ("Get rid of the file report.pdf", "files::delete_file"),
            ("Tear down the file report.pdf", "files::delete_file"),
            (
                "Nuke report.pdf from the workspace files",
                "files::delete_file",
            ),
            ("Выпили файл report.pdf", "files::delete_file"),
            ("把文件 report.pdf 干掉", "files::delete_file"),
            ("report.pdf 파일 없애줘", "files::delete_file"),
            ("Spin up a new file for the notes", "files::create_file"),
            ("Cambia el archivo notes.txt", "files::update_file"),
            ("Datei notes.txt anpassen", "files::update_file"),
        ],
    );
}

#[test]
fn a_russian_loanword_spelt_by_ear_finds_its_tool() {
    // Russian writes English tool words as they sound: неймспейс (namespace), слайд (slide),
    // артефакт (artifact), which no letter-for-letter reading spells back.
    let f = Fixture::with(listed(&[
        (
            "get_namespace",
            "cluster",
            "Get a namespace of the cluster.",
        ),
        ("get_slide", "deck", "Get a slide of the deck."),
        ("get_artifact", "ci", "Get an artifact of a build."),
        ("get_workspace", "team", "Get a workspace of the team."),
    ]));
    f.assert_each_in_top(
        1,
        &[
            ("Покажи неймспейс staging", "cluster::get_namespace"),
            ("Какой слайд сейчас открыт?", "deck::get_slide"),
            ("Достань артефакты сборки 88213", "ci::get_artifact"),
            ("Открой воркспейс команды", "team::get_workspace"),
        ],
    );
}

/// File tools whose descriptions differ by their verb only, a tool no query names first: a
/// tie is no hit.
fn file_tools_of_one_shape() -> Vec<Tool> {
    listed(&[
        ("stat_file", "files", "Stat a file of the workspace."),
        ("create_file", "files", "Create a file of the workspace."),
        ("delete_file", "files", "Delete a file of the workspace."),
        ("move_file", "files", "Move a file of the workspace."),
        ("update_file", "files", "Update a file of the workspace."),
        ("read_file", "files", "Read a file of the workspace."),
    ])
}

#[test]
fn a_german_participle_finds_its_verbs_tool() {
    // A requirement or a report writes the action as a participle: gelöscht (löschen),
    // angelegt (anlegen), aktualisiert (aktualisieren), gelesen (lesen).
    let f = Fixture::with(file_tools_of_one_shape());
    f.assert_each_in_top(
        1,
        &[
            (
                "Die Datei notes.txt muss noch gelöscht werden",
                "files::delete_file",
            ),
            (
                "Ist die Datei notes.txt schon angelegt?",
                "files::create_file",
            ),
            (
                "Die Datei notes.txt sollte aktualisiert sein",
                "files::update_file",
            ),
            ("Wurde die Datei notes.txt gelesen?", "files::read_file"),
        ],
    );
}

#[test]
fn a_request_that_says_a_tools_whole_name_puts_it_above_a_longer_sibling() {
    // create_invoice_item shares both words and has more in its description; the request
    // says every word of create_invoice's name.
    let f = Fixture::new();
    f.assert_each_in_top(
        1,
        &[
            (
                "create an invoice for the customer",
                "stripe::create_invoice",
            ),
            ("crea una factura para el cliente", "stripe::create_invoice"),
            ("为客户创建一张发票", "stripe::create_invoice"),
            ("create a new folder", "mcp-filesystem::create_directory"),
            (
                "erstelle einen Pull Request aus meinem Feature-Branch",
                "mcp-github::create_pull_request",
            ),
        ],
    );
    let hits = explained(&f, "create an invoice for the customer");
    for (name, score, explain) in &hits {
        let sum: f64 = explain.iter().map(|t| t.score).sum();
        assert!((sum - score).abs() < 1e-9, "{name}: {sum} vs {score}");
    }
    let whole = &hits[0].2;
    assert!(whole.iter().any(|t| t.term == "whole name"), "{whole:?}");
    // Without the factor the longer sibling is first.
    let tools = sample();
    let refs: Vec<&Tool> = tools.iter().collect();
    let mut options = SearchOptions::default();
    options.tuning.name_cover = 1.0;
    let plain = SearchIndex::build(&refs, &options);
    let first = &tools[plain.search("create an invoice for the customer", 1)[0].doc].name;
    assert_eq!(first, "create_invoice_item");
}

#[test]
fn a_whole_name_needs_neither_its_servers_name_nor_its_function_words() {
    // Nobody says playwright or as to save a page as PDF. save_pdf's pdf is its server's
    // (mcp-pdf) too, so its name has one word to say: never whole.
    let f = Fixture::with(listed(&[
        (
            "save_pdf",
            "mcp-pdf",
            "Save annotated PDF bytes back to a local file.",
        ),
        (
            "playwright_save_as_pdf",
            "playwright",
            "Save the current page as a PDF file",
        ),
        ("get_page", "notion", "Retrieve a page."),
    ]));
    let whole = |(name, _, explain): &(String, f64, Vec<tool_search::TermScore>)| {
        (name.clone(), explain.iter().any(|t| t.term == "whole name"))
    };
    let hits = explained(&f, "save the page that is open now as an A4 PDF");
    assert_eq!(
        hits.iter().take(2).map(whole).collect::<Vec<_>>(),
        [
            ("playwright_save_as_pdf".to_string(), true),
            ("save_pdf".to_string(), false)
        ]
    );
    // A name of one word to say (the server's web_search, its search) is never whole.
    let f = Fixture::with(listed(&[
        ("tavily_search", "tavily", "Search the web with Tavily."),
        (
            "maps_geocode",
            "google-maps",
            "Find the coordinates of a place.",
        ),
    ]));
    let hits = explained(&f, "search the coordinates of the tower");
    assert!(!hits.is_empty() && hits.iter().all(|h| !whole(h).1));
}

#[test]
fn a_prefix_reading_of_a_word_the_request_says_itself_counts_once() {
    // MOB, a project key the catalog does not know, reads as a prefix of the name word mobile;
    // the request says mobile itself (a repository's name), so MOB adds nothing more: each
    // field counts mobile once (real descriptions, shortened).
    let f = Fixture::with(listed(&[
        (
            "mobile_launch_app",
            "mobile",
            "Launch an app on mobile device. Use this to open a specific app.",
        ),
        (
            "mobile_list_apps",
            "mobile",
            "List all the installed apps on the device",
        ),
        (
            "list_pull_requests",
            "bitbucket",
            "List pull requests in a repository.",
        ),
        (
            "decline_pull_request",
            "bitbucket",
            "Decline a pull request, optionally with a comment.",
        ),
    ]));
    let query = "In Bitbucket, turn down request #77 in the mobile-app repo of project MOB";
    let hits = explained(&f, query);
    let (_, _, terms) = hits
        .iter()
        .find(|h| h.0 == "mobile_launch_app")
        .expect("the mobile tool matches");
    let mobile: Vec<&str> = terms
        .iter()
        .filter(|t| t.term == "mobil")
        .map(|t| t.field)
        .collect();
    assert_eq!(mobile, ["name", "source", "description"], "{terms:?}");
    // A word the catalog does not know still reads as the name words it begins.
    let hits = explained(&f, "project MOB apps");
    assert!(
        hits.iter().any(|h| h.2.iter().any(|t| t.term == "mobil")),
        "{hits:?}"
    );
}

#[test]
fn the_forty_sixth_sessions_words_find_what_they_name() {
    // app and application stand for each other, an automation is a workflow, a plug an
    // add-on, and the forward line reads a browser's forward as well as a message's (real
    // descriptions, shortened).
    let f = Fixture::with(listed(&[
        ("list_applications", "argocd", "list_applications returns list of applications"),
        ("get_application", "argocd", "get_application returns application by application name."),
        ("get_appproject", "argocd", "get_appproject returns an ArgoCD AppProject (project) by its name. AppProjects provide a logical grouping of applications."),
        ("n8n_create_workflow", "n8n", "Create workflow. Requires: name, nodes[], connections{}. Created inactive. Returns workflow with ID."),
        ("n8n_list_workflows", "n8n", "List workflows (minimal metadata only)."),
        ("create_item", "monday", "Create a new item in a monday board."),
        ("list_apps", "heroku", "List Heroku apps: owned, collaborator access, team/space filtering"),
        ("list_addons", "heroku", "List add-ons: all apps or specific app, detailed metadata"),
        ("get_app_info", "heroku", "Get app details: config, dynos, access, domains"),
        ("scraping_browser_navigate", "brightdata", "Navigate a scraping browser session to a new URL"),
        ("scraping_browser_go_back", "brightdata", "Go back to the previous page"),
        ("scraping_browser_go_forward", "brightdata", "Go forward to the next page"),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "show me the payments-api app in Argo CD",
                "argocd::get_application",
            ),
            (
                "create a new automation called 'New leads'",
                "n8n::n8n_create_workflow",
            ),
            ("what is plugged into my Heroku app", "heroku::list_addons"),
            (
                "прыгни на страницу вперёд в браузере",
                "brightdata::scraping_browser_go_forward",
            ),
            (
                "ブラウザで1ページ進めて",
                "brightdata::scraping_browser_go_forward",
            ),
            (
                "avance d'une page dans le navigateur",
                "brightdata::scraping_browser_go_forward",
            ),
            (
                "im Browser eine Seite vorwärts",
                "brightdata::scraping_browser_go_forward",
            ),
        ],
    );
}

#[test]
fn a_foreign_word_typed_with_one_slip_reads_as_the_lexicon_word() {
    // A letter dropped (Календае) or two swapped (встерчи, Supprmie, расшифровук,
    // Transkirption) in a word only the lexicon reads: real descriptions, shortened.
    let twilio = TWILIO;
    let f = Fixture::with(listed(&[
        ("listGoogleDocs", "google-drive-piotr", "Lists Google Documents from your Google Drive with optional filtering."),
        ("listCalendars", "google-drive-piotr", "List all accessible Google Calendars for the authenticated user"),
        ("getCalendarEvents", "google-drive-piotr", "Get events from a Google Calendar with optional filtering"),
        ("deleteCalendarEvent", "google-drive-piotr", "Delete a calendar event"),
        ("createSpec", "postman", "Creates an API specification in Postman's Spec Hub."),
        ("deleteSpec", "postman", "Deletes an API specification. On success, this returns an HTTP 204 No Content response."),
        ("getSpec", "postman", "Gets information about an API specification."),
        ("updateSpecProperties", "postman", "Updates an API specification's properties, such as its name."),
        ("TwilioApiV2010--FetchCall", "twilio", &format!("{twilio} Fetch the call specified by the provided Call SID")),
        ("TwilioApiV2010--FetchRecording", "twilio", &format!("{twilio} Fetch an instance of a recording")),
        ("TwilioApiV2010--FetchTranscription", "twilio", &format!("{twilio} Fetch an instance of a Transcription")),
        ("TwilioApiV2010--DeleteTranscription", "twilio", &format!("{twilio} Delete a transcription from the account")),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "Какие встерчи у меня в Google Календае с 10 по 14 марта?",
                "google-drive-piotr::getCalendarEvents",
            ),
            (
                "Supprmie la spécification d'API « Orders API v2 » dans Postman",
                "postman::deleteSpec",
            ),
            (
                "Достань из Twilio расшифровук TR8c3e5f0a1b2c4d6e8f9a0b1c2d3e4f5a",
                "twilio::TwilioApiV2010--FetchTranscription",
            ),
            (
                "Hol mir die Twilio-Transkirption TR8c3e5f0a1b2c4d6e8f9a0b1c2d3e4f5a",
                "twilio::TwilioApiV2010--FetchTranscription",
            ),
        ],
    );
}

#[test]
fn a_request_reads_its_words_in_the_language_its_function_words_name() {
    // Portuguese apaga is erase and fecha close; Spanish apaga is switch off and fecha a
    // date. The function words (essa against el, y) say which: real descriptions, shortened.
    let f = Fixture::with(listed(&[
        (
            "VPS_stopVirtualMachineV1",
            "hostinger",
            "Stop a specified virtual machine.",
        ),
        (
            "VPS_startVirtualMachineV1",
            "hostinger",
            "Start a specified virtual machine.",
        ),
        (
            "linear_search_issues_by_identifier",
            "linear",
            "Search for issues by their identifiers (e.g., [\"ENG-78\", \"ENG-79\"])",
        ),
        ("linear_update_issue", "linear", "Update an existing issue"),
        ("linear_delete_issue", "linear", "Delete an issue"),
        ("browser_close", "playwright", "Close the page"),
        ("browser_resize", "playwright", "Resize the browser window"),
        (
            "get-current-time",
            "google-calendar",
            "Get the current date and time.",
        ),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "apaga essa tarefa ENG-482 no Linear",
                "linear::linear_delete_issue",
            ),
            (
                "fecha essa janela do navegador",
                "playwright::browser_close",
            ),
            (
                "apaga el vps, ya no lo uso",
                "hostinger::VPS_stopVirtualMachineV1",
            ),
            (
                "dime la fecha y la hora de hoy",
                "google-calendar::get-current-time",
            ),
        ],
    );
}

#[test]
fn a_short_form_reads_as_the_word_it_stands_for() {
    // msg and acct for message and account, configuration for a tool's config: real
    // descriptions, shortened.
    let twilio = TWILIO;
    let f = Fixture::with(listed(&[
        ("communication_sms_send", "azure", "Sends SMS messages to one or more recipients to the given phone-number."),
        ("TwilioApiV2010--DeleteCall", "twilio", &format!("{twilio} Delete a Call record from your account.")),
        ("TwilioApiV2010--DeleteIncomingPhoneNumber", "twilio", &format!("{twilio} Delete a phone-numbers belonging to the account used to make the request.")),
        ("TwilioApiV2010--DeleteMessage", "twilio", &format!("{twilio} Deletes a Message resource from your account")),
        ("get_project", "supabase", "Gets details for a Supabase project."),
        ("list_storage_buckets", "supabase", "Lists all storage buckets in a Supabase project."),
        ("get_storage_config", "supabase", "Get the storage config for a Supabase project."),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "delete the msg SM3f9a from my acct",
                "twilio::TwilioApiV2010--DeleteMessage",
            ),
            (
                "where do I see the file storage configuration of project abc123",
                "supabase::get_storage_config",
            ),
        ],
    );
}

#[test]
fn a_title_without_function_words_is_read_in_the_language_its_letters_name() {
    // A menu item or ticket title names the action as a noun and has no article: German
    // verfügbarer says German (Rufnummern is Ruf + Nummern, nationaler a cognate of
    // national), fr messagerie is email. Real descriptions, shortened.
    let twilio = TWILIO;
    let f = Fixture::with(listed(&[
        ("TwilioApiV2010--ListIncomingPhoneNumber", "twilio", &format!("{twilio} Retrieve a list of incoming-phone-numbers belonging to the account used to make the request.")),
        ("TwilioApiV2010--ListAvailablePhoneNumberLocal", "twilio", &format!("{twilio} Make a GET request to /2010-04-01/Accounts/{{AccountSid}}/AvailablePhoneNumbers/{{CountryCode}}/Local.json")),
        ("TwilioApiV2010--ListAvailablePhoneNumberNational", "twilio", &format!("{twilio} Make a GET request to /2010-04-01/Accounts/{{AccountSid}}/AvailablePhoneNumbers/{{CountryCode}}/National.json")),
        ("count", "mongodb", "Gets the number of documents in a MongoDB collection using db.collection.count() and query as an optional filter parameter"),
        ("query", "mcp-postgres", "Run a read-only SQL query"),
        ("create_directory", "mcp-filesystem", "Create a new directory or ensure a directory exists."),
        ("createFolder", "google-drive-piotr", "Create a new folder in Google Drive"),
        ("create-mail-folder", "ms-365", "Use this API to create a new mail folder in the root folder of the user's mailbox."),
        ("copy-mail-message", "ms-365", "Copy a message to a folder within the user's mailbox."),
        ("get_all_services", "datadog", "Extract all unique service names from logs"),
        ("list_log_names", "gcp-observability", "Use this as the primary tool to list the log names in a Google Cloud project."),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "Abfrage verfügbarer nationaler Rufnummern in Österreich",
                "twilio::TwilioApiV2010--ListAvailablePhoneNumberNational",
            ),
            (
                "Création d'un dossier de messagerie « Factures 2025 » à la racine",
                "ms-365::create-mail-folder",
            ),
            (
                "Ermittlung aller eindeutigen Servicenamen aus den Logs",
                "datadog::get_all_services",
            ),
        ],
    );
}

#[test]
fn an_id_alone_names_its_object_by_its_shape() {
    // Stripe's and Twilio's ids say what they are (sub_…, dp_…, SM…), and a tracker's key is
    // an issue; a key heading a message in a ticket's shape is that ticket's, not what the
    // message asks about. Real descriptions, shortened.
    let twilio = TWILIO;
    let f = Fixture::with(listed(&[
        ("TwilioApiV2010--DeleteCall", "twilio", &format!("{twilio} Delete a Call record from your account.")),
        ("TwilioApiV2010--DeleteMessage", "twilio", &format!("{twilio} Deletes a Message resource from your account")),
        ("TwilioApiV2010--DeleteRecording", "twilio", &format!("{twilio} Delete a recording from your account")),
        ("list_customers", "stripe", "This tool will fetch a list of Customers from Stripe. It takes two arguments: - limit (int, optional): The number of customers to return. - email (str, optional): A case-sensitive filter on the list based on the customer's email field."),
        ("create_refund", "stripe", "This tool will refund a payment intent in Stripe. It takes three arguments: - payment_intent (str): The ID of the payment intent to refund. - amount (int, optional): The amount to refund in cents."),
        ("cancel_subscription", "stripe", "This tool will cancel a subscription in Stripe. It takes the following arguments: - subscription (str, required): The ID of the subscription to cancel."),
        ("update_dispute", "stripe", "When you receive a dispute, contacting your customer is always the best first step. If that doesn't work, you can submit evidence to help resolve the dispute in your favor. It takes the following arguments: - dispute (string): The ID of the dispute to update."),
        ("linear_search_issues", "linear", "Search for issues with filtering and pagination"),
        ("linear_create_issue", "linear", "Create a new issue in Linear"),
        ("linear_create_project", "linear", "Create a new project in Linear"),
        ("createGoogleSheet", "google-drive-piotr", "Create a new Google Sheet"),
    ]));
    f.assert_each_in_top(
        1,
        &[
            (
                "Delete SM3f9a2c71e0b84d5aa1c2e6f0d7b91c44 from our acct, wrong number",
                "twilio::TwilioApiV2010--DeleteMessage",
            ),
            (
                "Kipp das Stripe-Abo sub_1PqR8sLkd93XyZ, der Kunde springt ab",
                "stripe::cancel_subscription",
            ),
            (
                "在 Stripe dp_1PqR7sL2eZvKYlo2 里补上说明，然后把证据提交给银行",
                "stripe::update_dispute",
            ),
            ("find ENG-1187 in Linear", "linear::linear_search_issues"),
            (
                "[ADM-356] Requester: Ana | create a new project called Interns",
                "linear::linear_create_project",
            ),
            (
                "Ticket DOC-903 | new sheet: Turnos julio",
                "google-drive-piotr::createGoogleSheet",
            ),
        ],
    );
}

#[test]
fn a_one_word_label_names_its_product_however_common_the_word() {
    // Currents is also the plural of a word many descriptions use ("the current account"):
    // by how many tools hold it, it names no product, but it is a server's whole label.
    let mut rows = vec![
        ("currents-get-projects", "currents", "Retrieves a list of all projects available in the Currents platform."),
        ("currents-get-runs", "currents", "Retrieves a list of the latest runs for a specific project. Requires a projectId."),
        ("currents-get-run-details", "currents", "Retrieves details of a specific test run. Requires a user-provided runId."),
        (
            "getApiCatalogServiceMonitorRuns",
            "postman",
            "Lists scheduled monitor runs for a service, with summary statistics per run. Use this to check whether a service's monitors are passing and when they last ran.",
        ),
        ("runMonitor", "postman", "Runs a monitor and returns its run results."),
        (
            "checkout_devops_center_work_item",
            "salesforce",
            "Checks out the branch associated with a selected work item by name.",
        ),
        ("git_checkout", "git-cyanheads", "Switches branches or restores working tree files (checkout)."),
    ];
    let current =
        "Gets the current value of a setting for the current account, with the current state.";
    let many: Vec<String> = (0..8).map(|i| format!("get_setting_{i}")).collect();
    rows.extend(many.iter().map(|n| (n.as_str(), "azure", current)));
    let f = Fixture::with(listed(&rows));
    f.assert_each_in_top(
        3,
        &[
            (
                "Did last night's runs for checkout-web pass in Currents?",
                "currents::currents-get-runs",
            ),
            (
                "¿Pasaron las ejecuciones de anoche de checkout-web en Currents?",
                "currents::currents-get-runs",
            ),
        ],
    );
}

#[test]
fn two_words_of_a_two_word_label_name_that_product_alone() {
    // google names every google-* server, and Google Drive's server has calendar tools too;
    // "Google Calendar" is the whole of one server's label, and names that server's tools
    // alone. (In the real catalog the Drive server's createCalendarEvent then ranked first
    // for "put a new event on my Google Calendar".)
    let tool = |name: &str, source: &str, description: &str, params: &[&str]| {
        let properties: serde_json::Map<String, Value> = params
            .iter()
            .map(|p| (p.to_string(), json!({"type": "string"})))
            .collect();
        json!({"name": name, "source": source, "description": description,
               "inputSchema": {"type": "object", "properties": properties}})
    };
    let mut defs = vec![
        tool("create-event", "google-calendar", "Create a new calendar event.",
             &["account", "calendarId", "summary", "description", "start", "end", "attendees"]),
        tool("list-events", "google-calendar", "List events from one or more calendars. Supports both calendar IDs and calendar names.",
             &["account", "calendarId", "timeMin", "timeMax"]),
        tool("createCalendarEvent", "google-drive-piotr",
             "Create a new event in your Google Calendar.",
             &["summary", "calendarId", "description", "start", "end", "attendees", "account"]),
        tool("getCalendarEvents", "google-drive-piotr", "Get events from a Google Calendar with optional filtering",
             &["calendarId", "timeMin", "timeMax", "account"]),
        tool("create_event", "ms-365", "Creates an event in the user's Outlook calendar.", &["subject", "start", "end"]),
    ];
    for i in 0..8 {
        defs.push(tool(
            &format!("driveTool{i}"),
            "google-drive-piotr",
            "Works on a Google Drive file.",
            &["fileId"],
        ));
    }
    let tools = defs
        .into_iter()
        .enumerate()
        .map(|(i, v)| Tool::from_value(v, i).unwrap())
        .collect();
    let f = Fixture::with(tools);
    let named = |query: &str, name: &str| {
        f.terms_of(query, 3, name)
            .iter()
            .any(|t| t == "named product")
    };
    for query in [
        "put a new event on my Google Calendar for Friday",
        "создай новое событие в моём Google Calendar на пятницу",
        "在我的 Google 日历里新建一个周五的活动",
    ] {
        assert_eq!(
            f.top(query, 1),
            ["google-calendar::create-event"],
            "{query}"
        );
        assert!(named(query, "create-event"), "{query}");
        assert!(!named(query, "createCalendarEvent"), "{query}");
    }
    // The label's first word alone still names every label that holds it.
    let query = "put a new event on my Google account's calendar for Friday";
    assert!(named(query, "create-event") && named(query, "createCalendarEvent"));
}

#[test]
fn a_noun_in_al_finds_the_verbs_tool() {
    // Snowball keeps the -al of a short word (rental), so only its verb's stem meets the
    // tool that rents.
    let f = Fixture::with(listed(&[
        (
            "list_cars",
            "fleet",
            "Lists the cars in the fleet with their model and mileage.",
        ),
        ("get_car", "fleet", "Gets one car of the fleet by its id."),
        (
            "rent_car",
            "fleet",
            "Rents a vehicle to a customer for the given dates.",
        ),
        (
            "service_car",
            "fleet",
            "Books a car in for service at the garage.",
        ),
    ]));
    f.assert_in_top("a car rental for next week", 1, "fleet::rent_car");
}

#[test]
fn a_product_written_in_hangul_or_katakana_finds_the_server_its_label_names() {
    // Only the source label says Kubernetes or Cloudflare: the loanword reading hears the
    // label's words as well as the names'. Without it, 쿠버네티스 found nothing and the other
    // server's pod tool ranked first.
    let f = Fixture::with(listed(&[
        ("list_pods", "podman", "List pods on the local machine."),
        (
            "pods_list",
            "kubernetes",
            "List all the pods in the current namespace.",
        ),
        ("zones_list", "cloudflare", "List the zones of the account."),
        (
            "list_zones",
            "azure",
            "List the availability zones of a region.",
        ),
    ]));
    f.assert_in_top("쿠버네티스 파드 목록", 1, "kubernetes::pods_list");
    f.assert_in_top("クバネティスのポッド一覧", 1, "kubernetes::pods_list");
    f.assert_in_top("클라우드플레어 존 목록", 1, "cloudflare::zones_list");
    f.assert_in_top("クラウドフレアのゾーン一覧", 1, "cloudflare::zones_list");
}

#[test]
fn a_product_named_as_chinese_japanese_or_korean_users_write_it_finds_its_tools() {
    // 구글, 谷歌, グーグル: the loanword key of "google" is two consonants, too few to use;
    // the lexicon lists the product's names (and Feishu is Lark).
    let f = Fixture::with(listed(&[
        ("list_files", "dropbox", "List the files in a folder."),
        (
            "list_files",
            "google-drive",
            "List the files in a Google Drive folder.",
        ),
        ("list_chats", "slack", "List the chats the user is in."),
        (
            "im_chat_list",
            "lark",
            "[Feishu/Lark] List the group chats the user or bot is in.",
        ),
    ]));
    for query in ["구글 파일 목록", "谷歌的文件列表", "グーグルのファイル一覧"]
    {
        f.assert_in_top(query, 1, "google-drive::list_files");
    }
    f.assert_in_top("飞书群聊列表", 1, "lark::im_chat_list");
}

#[test]
fn a_katakana_compound_of_a_loanword_and_a_lexicon_word_reads_both_halves() {
    // リキッド|チャート: the lexicon reads チャート (chart), and リキッド alone by its sound;
    // before, the compound was read by sound only when both halves were, and チャート's
    // key is too short, so every chart tool tied. Korean 리퀴드 hears the u of liquid as a w.
    let f = Fixture::with(listed(&[
        (
            "generate_column_chart",
            "charts",
            "Generate a column chart of categories.",
        ),
        (
            "generate_area_chart",
            "charts",
            "Generate an area chart of a series over time.",
        ),
        (
            "generate_liquid_chart",
            "charts",
            "Generate a liquid chart of a percentage.",
        ),
    ]));
    f.assert_in_top(
        "リキッドチャートで達成率",
        1,
        "charts::generate_liquid_chart",
    );
    f.assert_in_top("리퀴드 차트로 달성률", 1, "charts::generate_liquid_chart");
}

#[test]
fn a_korean_loanword_made_a_verb_with_hada_is_read_by_its_sound() {
    // Korean makes a verb of an English loanword with 하다 (리베이스해줘, rebase it): the
    // ending had kept the word's key from meeting rebase's.
    let f = Fixture::with(listed(&[
        (
            "git_merge",
            "git",
            "Merge a branch into the current branch.",
        ),
        (
            "git_rebase",
            "git",
            "Reapply the current branch's commits on top of another branch.",
        ),
        ("git_branch", "git", "List, create or delete branches."),
    ]));
    f.assert_in_top("브랜치 리베이스해줘", 1, "git::git_rebase");
    f.assert_in_top("메인 브랜치로 리베이스하기", 1, "git::git_rebase");
}

#[test]
fn a_korean_one_syllable_loanword_finds_its_tool_and_a_syllable_inside_a_word_does_not() {
    // 큐 (queue) and 앱 (app) are too short for a loanword key; they read as whole words only,
    // so 셀 inside 엑셀 (Excel) is no cell.
    let f = Fixture::with(listed(&[
        ("queue_list", "cloudflare", "List the queues of an account."),
        ("list_apps", "heroku", "List the apps of the account."),
        ("format_cells", "sheets", "Format a range of cells."),
        (
            "excel_read_sheet",
            "excel",
            "Read a sheet of an Excel workbook.",
        ),
    ]));
    f.assert_in_top("큐 목록 보여줘", 1, "cloudflare::queue_list");
    f.assert_in_top("내 앱을 전부 보여줘", 1, "heroku::list_apps");
    f.assert_in_top("엑셀 시트 읽어줘", 1, "excel::excel_read_sheet");
    assert!(!f
        .top("엑셀", 4)
        .contains(&"sheets::format_cells".to_string()));
    f.assert_in_top("셀 서식", 1, "sheets::format_cells");
}

#[test]
fn a_katakana_or_hangul_loanword_with_a_w_between_vowels_finds_its_tool() {
    // gateway's w after a vowel was dropped, as show's is (ショー), leaving a key too short:
    // the three tools tied on manage, in catalog order.
    let f = Fixture::with(listed(&[
        ("manageFunctions", "cloudbase", "Manage cloud functions."),
        ("manageStorage", "cloudbase", "Manage cloud storage."),
        ("manageGateway", "cloudbase", "Manage the HTTP gateway."),
    ]));
    f.assert_in_top("게이트웨이 관리", 1, "cloudbase::manageGateway");
    f.assert_in_top("ゲートウェイを管理して", 1, "cloudbase::manageGateway");
}

#[test]
fn how_many_asks_for_a_count() {
    // Its many had put the *_many tools first.
    let f = Fixture::with(listed(&[
        (
            "insert-many",
            "mongodb",
            "Insert many documents into a collection.",
        ),
        (
            "update-many",
            "mongodb",
            "Update many documents of a collection.",
        ),
        (
            "delete-many",
            "mongodb",
            "Delete many documents of a collection.",
        ),
        (
            "count",
            "mongodb",
            "Count the documents of a collection that match a filter.",
        ),
    ]));
    f.assert_in_top(
        "How many documents in the orders collection have status pending?",
        1,
        "mongodb::count",
    );
    f.assert_in_top("orders 컬렉션 문서 개수만 알려줘", 1, "mongodb::count");
}
