//! Saving a chart's image as PNG (its SVG and its table are text: `components::download`).

use wasm_bindgen::JsCast;

use crate::components::chart::context_2d;
use crate::components::download::click_link;

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
