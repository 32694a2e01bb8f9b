//! The app's components mounted in headless Chromium (wasm-bindgen-test): what a reader sees.
#![cfg(target_arch = "wasm32")]

use benchscope_web::components::{diff::DiffView, markdown::Markdown};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts `view` in a fresh element and returns that element.
fn mount<V: IntoView + 'static>(view: impl FnOnce() -> V + 'static) -> web_sys::HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let host: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&host).unwrap();
    leptos::mount::mount_to(host.clone(), view).forget();
    host
}

fn count(host: &web_sys::HtmlElement, selector: &str) -> u32 {
    host.query_selector_all(selector).unwrap().length()
}

#[wasm_bindgen_test]
fn hostile_markdown_is_shown_as_text_and_runs_nothing() {
    let hostile = "# Title\n\n<script>window.__pwned = 1</script>\n\n<img src=x onerror=\"window.__pwned = 2\">\n\n\
                   [click me](javascript:window.__pwned=3) and ![pic](https://example.invalid/x.png)";
    let host = mount(move || view! { <Markdown text=hostile.to_string() /> });
    assert_eq!(count(&host, "script"), 0);
    assert_eq!(count(&host, "img"), 0);
    assert_eq!(count(&host, "[onerror]"), 0);
    let text = host.text_content().unwrap();
    assert!(text.contains("<script>window.__pwned = 1</script>"), "{text}");
    assert!(text.contains("<img src=x onerror="), "{text}");
    let links = host.query_selector_all("a").unwrap();
    for i in 0..links.length() {
        let link: web_sys::Element = links.item(i).unwrap().unchecked_into();
        let href = link.get_attribute("href").unwrap_or_default();
        assert!(!href.to_ascii_lowercase().starts_with("javascript"), "{href}");
    }
    let pwned = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__pwned".into()).unwrap();
    assert!(pwned.is_undefined());
}

#[wasm_bindgen_test]
fn markdown_renders_code_blocks_tables_and_lists() {
    let text = "Intro `code`\n\n```python\nprint(1)\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n";
    let host = mount(move || view! { <Markdown text=text.to_string() /> });
    assert_eq!(count(&host, "pre[data-lang=python] code"), 1);
    assert_eq!(count(&host, "table tr"), 2);
    assert_eq!(count(&host, "ul li"), 2);
}

#[wasm_bindgen_test]
fn diff_view_draws_files_lines_and_counts() {
    let diff = "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n keep\n-old\n+new\n\
                diff --git a/b.py b/b.py\nnew file mode 100644\n--- /dev/null\n+++ b/b.py\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n\
                diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\n";
    let host = mount(move || view! { <DiffView diff=diff.to_string() /> });
    assert_eq!(count(&host, ".diff-file"), 3);
    assert_eq!(count(&host, "tr.add"), 2);
    assert_eq!(count(&host, "tr.del"), 1);
    assert_eq!(count(&host, ".diff-file .status-added"), 1);
    assert_eq!(count(&host, ".diff-files li"), 3, "the file list names every file");
    assert_eq!(count(&host, ".no-newline"), 1);
    let first = host.query_selector(".diff-file .counts").unwrap().unwrap().text_content().unwrap();
    assert_eq!(first, "+1 −1");
    let numbers: Vec<String> = {
        let cells = host.query_selector_all(".diff-file tr.add td.ln").unwrap();
        (0..cells.length())
            .map(|i| cells.item(i).unwrap().text_content().unwrap())
            .collect()
    };
    assert_eq!(numbers, ["", "2", "", "1"]);
    assert!(host.text_content().unwrap().contains("Binary file"));
}

#[wasm_bindgen_test]
fn diff_view_highlights_python_and_nests_the_file_tree() {
    let diff = "diff --git a/pkg/mod/a.py b/pkg/mod/a.py\n--- a/pkg/mod/a.py\n+++ b/pkg/mod/a.py\n@@ -1 +1 @@\n-x = 1\n+def f(): return 'two'  # note\n\
                diff --git a/pkg/mod/notes.txt b/pkg/mod/notes.txt\n--- a/pkg/mod/notes.txt\n+++ b/pkg/mod/notes.txt\n@@ -1 +1 @@\n-def\n+return\n";
    let host = mount(move || view! { <DiffView diff=diff.to_string() /> });
    let python = host.query_selector("[data-path='pkg/mod/a.py'] tr.add td.code").unwrap().unwrap();
    let classes: Vec<String> = {
        let spans = python.query_selector_all("span").unwrap();
        (0..spans.length())
            .map(|i| spans.item(i).unwrap().dyn_into::<web_sys::Element>().unwrap().class_name())
            .collect()
    };
    assert_eq!(classes, ["tok-kw", "tok-def", "tok-kw", "tok-str", "tok-com"]);
    assert_eq!(python.text_content().unwrap(), "def f(): return 'two'  # note");
    assert_eq!(
        count(&host, "[data-path='pkg/mod/notes.txt'] tr:not(.hunk-header) td.code span"),
        0,
        "only Python is highlighted"
    );
    let folder = host.query_selector(".diff-files .folder-name").unwrap().unwrap();
    assert_eq!(folder.text_content().unwrap(), "pkg/mod/");
    assert_eq!(count(&host, ".diff-files .folder li button.file-link"), 2);
}

#[wasm_bindgen_test]
fn a_large_patch_builds_only_what_is_open() {
    let file = |name: &str, lines: usize| {
        let added: String = (0..lines).map(|i| format!("+line {i}\n")).collect();
        format!("diff --git a/{name} b/{name}\n--- /dev/null\n+++ b/{name}\n@@ -0,0 +1,{lines} @@\n{added}")
    };
    let diff = format!("{}{}{}", file("big.txt", 2000), file("second.txt", 900), file("third.txt", 900));
    let host = mount(move || view! { <DiffView diff=diff /> });
    assert_eq!(count(&host, ".diff-file"), 3);
    assert_eq!(count(&host, "[data-path='big.txt'] tr.add"), 500, "a file shows its first chunk");
    assert!(host.query_selector("[data-path='big.txt'] .show-more").unwrap().is_some());
    assert_eq!(count(&host, "[data-path='second.txt'] tr.add"), 500);
    assert_eq!(
        count(&host, "[data-path='third.txt'] tr.add"),
        0,
        "past the budget a file starts folded and unbuilt"
    );
    assert!(host.text_content().unwrap().contains("1 of 3 files start folded"));
}

#[wasm_bindgen_test]
fn query_strings_are_written_as_the_browser_writes_them() {
    let values = [
        "plain",
        "a b+c",
        "https://x.org/d/?a=1&b=~#frag",
        "*-._!'()~`^|\\[]{}<>\"",
        "é→😀 ünïcödé",
        "%20%zz\t\n\r",
        "repo:astropy/astropy",
        "",
    ];
    for value in values {
        let ours = benchscope_web::query_string::to_query([("q", value), ("f", value)]);
        let browser = web_sys::UrlSearchParams::new().unwrap();
        browser.append("q", value);
        browser.append("f", value);
        let theirs: String = browser.to_string().into();
        assert_eq!(ours, format!("?{theirs}"), "{value:?}");
    }
}

/// A page that closes while it fetches a file drops the fetching future: the next caller must
/// fetch the file itself, not wait for a fetch nobody is making any more.
#[wasm_bindgen_test]
async fn a_fetch_dropped_before_its_file_is_in_leaves_the_file_to_the_next_caller() {
    use benchscope_web::json_cache::JsonCache;
    use futures::FutureExt;
    let cache: JsonCache<serde_json::Value> = JsonCache::default();
    let url = "data:application/json,%7B%22a%22%3A1%7D";
    assert!(cache.get(url).now_or_never().is_none(), "the request is on its way");
    assert!(cache.peek(url).is_none());
    let timeout = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 5_000)
            .unwrap();
    }));
    let file = match futures::future::select(Box::pin(cache.get(url)), timeout).await {
        futures::future::Either::Left((file, _)) => file.unwrap(),
        futures::future::Either::Right(_) => panic!("the second caller waited for the dropped fetch"),
    };
    assert_eq!(file["a"], 1);
    assert!(cache.peek(url).is_some(), "the file is kept once it is in");
}

/// A row's link, written from the list's shared [`InstanceLinks`], is the query opening that
/// instance would give, whatever else the URL holds.
#[wasm_bindgen_test]
fn a_rows_link_is_the_query_that_opening_its_instance_gives() {
    use benchscope_web::url_state::ViewState;
    let queries = [
        "",
        "?q=a+b",
        "?dataset=d&split=s&with=d2%2Fs2&f=repo%3Ao%2Fr&q=x%C3%A9&sort=-date&diff=split",
        "?view=leaderboard&bsort=-resolved&btag=a&btag=b",
        "?dataset=d&instance=old&from=d2%2Fs2&traj=run&step=4&tcmp=other&afacet=repo",
    ];
    let rows = [("i-1", None), ("astropy__astropy-12907", Some("d2/s2")), ("a b&c=d/é", Some("x y"))];
    for query in queries {
        let state = ViewState::from_query(query);
        let links = state.instance_links();
        for (id, from) in rows {
            let mut opened = state.clone();
            opened.open(id.to_string(), from.map(str::to_string));
            assert_eq!(links.to(id, from), opened.to_query(), "{query} → {id} of {from:?}");
        }
    }
}

/// Resolves once work waiting for typing to pause has run.
async fn after_settling() {
    sleep_ms(benchscope_web::frames::SETTLE.as_millis() as i32 + 50).await;
}

async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Typing replaces the URL once it pauses, once for all the keystrokes before; a navigation
/// before then leaves the typed query in the entry it leaves.
#[wasm_bindgen_test]
async fn typing_writes_the_url_once_it_pauses_and_a_navigation_keeps_what_was_typed() {
    use benchscope_web::url_state::UrlState;
    let window = web_sys::window().unwrap();
    let history = window.history().unwrap();
    let search = || window.location().search().unwrap();
    let original = window.location().href().unwrap();
    history
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&window.location().pathname().unwrap()))
        .unwrap();
    let entries = history.length().unwrap();
    // Mounting starts the executor the state's effects run on, as the app's mount does.
    mount(|| ());
    let url = UrlState::install();

    url.replace(|s| s.q = Some("ab".into()));
    url.replace(|s| s.q = Some("abc".into()));
    assert_eq!(search(), "", "not while typing");
    sleep_ms(50).await;
    assert_eq!(search(), "", "nor the frames after a keystroke");
    assert_eq!(url.query().as_deref(), Some("abc"), "the results follow each keystroke");
    assert_eq!(url.get().q, None, "the links follow the pause");
    assert_eq!(url.with(|s| s.q.clone()), None, "the rest of the page never reads the query");
    after_settling().await;
    assert_eq!(search(), "?q=abc");
    assert_eq!(url.get().q.as_deref(), Some("abc"));
    assert_eq!(history.length().unwrap(), entries, "replaced in place");

    url.replace(|s| s.q = Some("abcd".into()));
    url.navigate(|s| s.instance = Some("i-1".into()));
    assert_eq!(search(), "?q=abcd&instance=i-1");
    let popped = js_sys::Promise::new(&mut |resolve, _| window.set_onpopstate(Some(&resolve)));
    history.back().unwrap();
    wasm_bindgen_futures::JsFuture::from(popped).await.unwrap();
    window.set_onpopstate(None);
    assert_eq!(search(), "?q=abcd", "the entry left holds the last keystroke");
    assert!(url.with_untracked(|s| s.instance.is_none()));
    after_settling().await;
    assert_eq!(search(), "?q=abcd");
    history
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&original))
        .unwrap();
}

/// The search highlight's ranges (`CSS.highlights.get("search")`) that start inside `element`.
fn highlight_ranges_in(element: &web_sys::Element) -> Vec<web_sys::Range> {
    let css = js_sys::Reflect::get(&js_sys::global(), &"CSS".into()).unwrap();
    let registry = js_sys::Reflect::get(&css, &"highlights".into()).unwrap();
    let get: js_sys::Function = js_sys::Reflect::get(&registry, &"get".into()).unwrap().unchecked_into();
    let highlight = get.call1(&registry, &"search".into()).unwrap();
    js_sys::Array::from(&highlight)
        .iter()
        .map(|range| range.unchecked_into::<web_sys::Range>())
        .filter(|range| element.contains(range.start_container().ok().as_ref()))
        .collect()
}

/// The text each of the search highlight's ranges marks inside `element` (a collapsed range
/// marks nothing).
fn marked_in(element: &web_sys::Element) -> Vec<String> {
    highlight_ranges_in(element)
        .into_iter()
        .filter(|range| !range.collapsed())
        .map(|range| String::from(range.to_string()))
        .collect()
}

#[wasm_bindgen_test]
fn a_rows_marks_are_ranges_over_its_one_text_node_moved_as_the_query_grows() {
    use benchscope_web::components::row_marks::MarkedCell;
    let document = web_sys::window().unwrap().document().unwrap();
    let cell = document.create_element("span").unwrap();
    document.body().unwrap().append_child(&cell).unwrap();
    let piece = |text: &str, marked: bool| (text.to_string(), marked);
    let mut marks = MarkedCell::default();
    let mut write = |cell: &web_sys::Element, pieces: &[(String, bool)], text_changed: bool| {
        let text: String = pieces.iter().map(|(text, _)| text.as_str()).collect();
        marks.write(cell, &text, pieces, text_changed);
    };
    // Offsets are UTF-16 code units: the accented letter and the emoji before the marks count.
    write(
        &cell,
        &[
            piece("naïve 😀 ", false),
            piece("Ast", true),
            piece("ropy <b>", false),
            piece("ast", true),
        ],
        true,
    );
    assert_eq!(cell.text_content().unwrap(), "naïve 😀 Astropy <b>ast");
    assert_eq!(cell.child_nodes().length(), 1, "one text node, no elements");
    assert_eq!(marked_in(&cell), ["Ast", "ast"]);
    let node = cell.first_child().unwrap();
    // The same text with one mark: the text node stays, the spare range paints nothing.
    write(&cell, &[piece("naïve 😀 Astropy <b>", false), piece("ast", true)], false);
    assert!(cell.first_child().unwrap().is_same_node(Some(&node)));
    assert_eq!(marked_in(&cell), ["ast"]);
    // A new text, three marks: the text node is rewritten in place and a range is added.
    write(
        &cell,
        &[
            piece("a", true),
            piece("-", false),
            piece("b", true),
            piece("-", false),
            piece("c", true),
        ],
        true,
    );
    assert!(cell.first_child().unwrap().is_same_node(Some(&node)));
    assert_eq!(cell.text_content().unwrap(), "a-b-c");
    assert_eq!(marked_in(&cell), ["a", "b", "c"]);
    write(&cell, &[piece("plain", false)], true);
    assert!(marked_in(&cell).is_empty());
    write(&cell, &[piece("x", true)], true);
    assert_eq!(marked_in(&cell), ["x"]);
    marks.release();
    assert!(
        highlight_ranges_in(&cell).is_empty(),
        "a released cell leaves no range in the highlight"
    );
}

/// A fetch asked for while another is on its way is made, and its value kept, even when a memo
/// over the value is checked in between. Leptos's `LocalResource` lost it: that check cleared the
/// resource's mark, so once the first fetch ended no other was made, and the list kept every row
/// under a query typed while the first search's bucket was on its way.
#[wasm_bindgen_test]
async fn a_fetch_asked_for_while_another_is_on_its_way_is_made_and_its_value_kept() {
    use benchscope_web::loaded::Loaded;
    let made = std::rc::Rc::new(std::cell::Cell::new(None));
    let keep = made.clone();
    let host = mount(move || {
        let asked = RwSignal::new(0_u32);
        let loaded = Loaded::new(move || {
            let n = asked.get();
            async move {
                // The first fetch asked for after the initial one is slow; the others are not.
                if n == 1 {
                    sleep_ms(300).await;
                }
                n
            }
        });
        // A memo over a value derived from `asked` that does not change, and over the fetched
        // value: checking it checks the loading too, as the list's hits did.
        let never = Memo::new(move |_| asked.get() > 1_000);
        let shown = Memo::new(move |_| (never.get(), loaded.get()));
        keep.set(Some((asked, shown)));
        view! { <p>{move || format!("{:?}", shown.get().1)}</p> }
    });
    let (asked, shown) = made.get().unwrap();
    sleep_ms(50).await;
    assert_eq!(shown.get_untracked().1, Some(0), "the initial fetch's value");
    asked.set(1);
    sleep_ms(30).await;
    for n in 2..=4 {
        asked.set(n);
        let _ = shown.get_untracked();
        sleep_ms(10).await;
    }
    sleep_ms(500).await;
    assert_eq!(shown.get_untracked().1, Some(4), "the last fetch asked for is the value kept");
    assert_eq!(host.text_content().unwrap(), "Some(4)");
}
