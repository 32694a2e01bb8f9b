//! Text offered as a downloaded file: a chart's table, a patch. Made in the page, so nothing is
//! fetched again and nothing leaves the browser.

use wasm_bindgen::JsCast;

/// Offers `text` as a file named `name`.
pub fn download(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
        click_link(&url, name);
        let _ = web_sys::Url::revoke_object_url(&url);
    }
}

/// Follows a link as a download named `name`.
pub fn click_link(href: &str, name: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(link) = document
        .create_element("a")
        .map(|a| a.unchecked_into::<web_sys::HtmlAnchorElement>())
    {
        link.set_href(href);
        link.set_download(name);
        link.click();
    }
}
