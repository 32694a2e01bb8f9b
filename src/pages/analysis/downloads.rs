//! Saving what a chart shows: text as a downloaded file, or the chart's image as PNG.

use wasm_bindgen::JsCast;

use crate::components::chart::context_2d;

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

/// Offers a chart's image as a PNG named `name`, at twice the image's size, so that it stays
/// sharp on a dense screen or in print.
pub fn download_png(image: &web_sys::HtmlImageElement, name: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(canvas) = document
        .create_element("canvas")
        .map(|c| c.unchecked_into::<web_sys::HtmlCanvasElement>())
    else {
        return;
    };
    let (width, height) = (image.natural_width() * 2, image.natural_height() * 2);
    canvas.set_width(width);
    canvas.set_height(height);
    let Some(context) = context_2d(&canvas) else { return };
    let drawn = context.draw_image_with_html_image_element_and_dw_and_dh(image, 0.0, 0.0, width as f64, height as f64);
    if let (Ok(()), Ok(url)) = (drawn, canvas.to_data_url()) {
        click_link(&url, name);
    }
}
