//! A cell of the list's rows that shows its text as one text node, kept from draw to draw: a new
//! text is written into it with one call, where a new node would cost its style and layout again
//! and finding the node again a few calls more.

/// A cell's one text node, once written.
#[derive(Default)]
pub struct TextCell {
    node: Option<web_sys::Text>,
}

impl TextCell {
    /// Shows `text` in `element` as its one text node (the node it has is rewritten only when
    /// `text_changed`), and returns the node. Dataset text goes in as text.
    pub fn write(&mut self, element: &web_sys::Element, text: &str, text_changed: bool) -> Option<&web_sys::Text> {
        match &self.node {
            Some(node) if text_changed => node.set_data(text),
            Some(_) => {}
            // An empty text is a node too: an id's last part is empty for most ids, and would
            // otherwise be written again at every draw.
            None => {
                element.set_text_content(None);
                let node = element.owner_document()?.create_text_node(text);
                let _ = element.append_child(&node);
                self.node = Some(node);
            }
        }
        self.node.as_ref()
    }

    /// Forgets the node (its element is leaving the page).
    pub fn release(&mut self) {
        self.node = None;
    }
}
