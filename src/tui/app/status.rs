//! The status line: the one line of text under the board that says what just happened (a move
//! refused and why, a file saved, the computer's answer …). Every write goes through
//! [`Status`]; the view reads it with `App::message`.

/// What the status line says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status(String);

impl Status {
    /// Says `text`, in place of what was said.
    pub fn set(&mut self, text: String) {
        self.0 = text;
    }

    /// Says nothing.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// What the line says.
    pub fn text(&self) -> &str {
        &self.0
    }
}
