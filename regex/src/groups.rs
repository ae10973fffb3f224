//! Groups of Python regular expressions for the parser in `parse.rs`:
//! capturing, named, non-capturing, atomic, lookaround, comments,
//! conditionals, backreferences by name and scoped flags.

use crate::node::Node;
use crate::parse::{err, flag_bit, Parser, ReError, ASCII, LOCALE, R, UNICODE};

impl Parser<'_> {
    pub fn group_name(&mut self, end: char, start: usize) -> R<String> {
        let s = self.i;
        while self.peek().is_some_and(|c| c != end) {
            self.i += 1;
        }
        let name: String = self.src[s..self.i].iter().collect();
        if self.peek() != Some(end) {
            return err(format!("missing {end}, unterminated name"), s);
        }
        self.i += 1;
        if name.is_empty() {
            return err("missing group name", s);
        }
        let ok = monty_text::unicode::is_identifier(&name);
        if !ok {
            return err(
                format!(
                    "bad character in group name {}",
                    monty_text::str_repr(&name)
                ),
                s,
            );
        }
        let _ = start;
        Ok(name)
    }

    pub fn close(&mut self, start: usize) -> R<()> {
        if self.peek() != Some(')') {
            return err("missing ), unterminated subpattern", start);
        }
        self.i += 1;
        Ok(())
    }

    /// A group at `(` (already taken) and whether it can take a
    /// quantifier; None for a comment.
    pub fn group(&mut self, start: usize) -> R<Option<(Node, bool)>> {
        if self.peek() != Some('?') {
            self.groups += 1;
            let n = self.groups;
            self.open.push(n);
            let inner = self.alternation()?;
            self.close(start)?;
            self.open.retain(|&g| g != n);
            return Ok(Some((
                Node::Group {
                    index: n,
                    node: Box::new(inner),
                },
                true,
            )));
        }
        self.i += 1;
        let Some(c) = self.peek() else {
            return err("unexpected end of pattern", self.i);
        };
        self.i += 1;
        let node = match c {
            ':' => {
                let inner = self.alternation()?;
                self.close(start)?;
                inner
            }
            '>' => {
                let inner = self.alternation()?;
                self.close(start)?;
                Node::Atomic(Box::new(inner))
            }
            '#' => {
                while self.peek().is_some_and(|c| c != ')') {
                    self.i += 1;
                }
                if self.peek().is_none() {
                    return err("missing ), unterminated comment", start);
                }
                self.i += 1;
                return Ok(None);
            }
            '=' | '!' => {
                let inner = self.alternation()?;
                self.close(start)?;
                Node::Look {
                    node: Box::new(inner),
                    behind: false,
                    negated: c == '!',
                }
            }
            '<' if matches!(self.peek(), Some('=') | Some('!')) => {
                let c = self.peek().expect("checked");
                self.i += 1;
                let inner = self.alternation()?;
                self.close(start)?;
                if inner.width().is_none() {
                    return Err(ReError {
                        msg: "look-behind requires fixed-width pattern".into(),
                        pos: None,
                    });
                }
                Node::Look {
                    node: Box::new(inner),
                    behind: true,
                    negated: c == '!',
                }
            }
            'P' => {
                match self.peek() {
                    Some('<') => {
                        self.i += 1;
                        let name = self.group_name('>', start)?;
                        self.groups += 1;
                        let n = self.groups;
                        if let Some((_, was)) = self.names.iter().find(|(x, _)| *x == name) {
                            return err(
                            format!("redefinition of group name '{name}' as group {n}; was group {was}"),
                            start + 4,
                        );
                        }
                        self.names.push((name, n));
                        self.open.push(n);
                        let inner = self.alternation()?;
                        self.close(start)?;
                        self.open.retain(|&g| g != n);
                        Node::Group {
                            index: n,
                            node: Box::new(inner),
                        }
                    }
                    Some('=') => {
                        self.i += 1;
                        let name_pos = self.i;
                        let name = self.group_name(')', start)?;
                        let Some(&(_, n)) = self.names.iter().find(|(x, _)| *x == name) else {
                            return err(format!("unknown group name '{name}'"), name_pos);
                        };
                        if self.open.contains(&n) {
                            return err("cannot refer to an open group", start);
                        }
                        Node::Backref {
                            group: n,
                            fold: self.fold(),
                        }
                    }
                    Some(x) => return err(format!("unknown extension ?P{x}"), start + 1),
                    None => return err("unexpected end of pattern", self.i),
                }
            }
            '(' => {
                let name_pos = self.i;
                while self.peek().is_some_and(|c| c != ')') {
                    self.i += 1;
                }
                let name: String = self.src[name_pos..self.i].iter().collect();
                if self.peek().is_none() {
                    return err("missing ), unterminated name", name_pos);
                }
                self.i += 1;
                if name.is_empty() {
                    return err("missing group name", name_pos);
                }
                let n = match name.parse::<usize>() {
                    Ok(n) => {
                        if n == 0 || n > self.groups {
                            return err(format!("invalid group reference {n}"), name_pos);
                        }
                        n
                    }
                    Err(_) => match self.names.iter().find(|(x, _)| *x == name) {
                        Some(&(_, n)) => n,
                        None => return err(format!("unknown group name '{name}'"), name_pos),
                    },
                };
                let yes = self.sequence()?;
                let no = if self.peek() == Some('|') {
                    self.i += 1;
                    let no = self.sequence()?;
                    if self.peek() == Some('|') {
                        return err("conditional backref with more than two branches", self.i);
                    }
                    no
                } else {
                    Node::Empty
                };
                self.close(start)?;
                Node::Cond {
                    group: n,
                    yes: Box::new(yes),
                    no: Box::new(no),
                }
            }
            c if flag_bit(c).is_some() || c == '-' => {
                self.i -= 1;
                return self.scoped_flags(start).map(|n| Some((n, true)));
            }
            '<' => {
                return match self.peek() {
                    None => err("unexpected end of pattern", self.i),
                    Some(x) => err(format!("unknown extension ?<{x}"), start + 1),
                }
            }
            c => return err(format!("unknown extension ?{c}"), start + 1),
        };
        Ok(Some((node, true)))
    }

    /// `(?flags-flags:...)`, or global flags in the wrong place.
    pub fn scoped_flags(&mut self, start: usize) -> R<Node> {
        let mut add = 0;
        let mut sub = 0;
        while let Some(b) = self.peek().and_then(flag_bit) {
            add |= b;
            self.i += 1;
        }
        if self.peek() == Some(')') {
            return err("global flags not at the start of the expression", start);
        }
        if self.peek() == Some('-') {
            self.i += 1;
            while let Some(b) = self.peek().and_then(flag_bit) {
                if b & (ASCII | UNICODE | LOCALE) != 0 {
                    return err("bad inline flag value", self.i);
                }
                sub |= b;
                self.i += 1;
            }
            if sub == 0 {
                return err("missing flag", self.i);
            }
        }
        if self.peek() != Some(':') {
            return match self.peek() {
                None => err("missing -, : or )", self.i),
                Some(c) if c.is_alphabetic() => err("unknown flag", self.i),
                Some(_) => err("missing -, : or )", self.i),
            };
        }
        if add & sub != 0 {
            return err("bad inline flag value", self.i);
        }
        self.i += 1;
        let saved = self.flags;
        self.flags = (self.flags | add) & !sub;
        if add & ASCII != 0 {
            self.flags &= !UNICODE;
        }
        if add & UNICODE != 0 {
            self.flags &= !ASCII;
        }
        let inner = self.alternation();
        self.flags = saved;
        let inner = inner?;
        self.close(start)?;
        Ok(inner)
    }
}
