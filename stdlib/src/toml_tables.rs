//! The data side of the TOML parser (`toml_parse.rs`): the tree of parsed
//! tables ([`Node`], insertion-ordered like the dicts it becomes) and the
//! per-key flags that decide which redefinitions are errors — a key's
//! table declared explicitly (`[a]` cannot come twice, dotted keys cannot
//! reopen it) or frozen (inline tables and arrays cannot be extended) —
//! with the navigation that creates intermediate tables on the way.

use std::collections::BTreeMap;

use crate::object::Value;

/// A parsed table, array or scalar.
pub enum Node {
    Table(Table),
    Array(Vec<Node>),
    Scalar(Value),
}

/// A table in insertion order, with an index by key.
#[derive(Default)]
pub struct Table {
    pub entries: Vec<(String, Node)>,
    index: BTreeMap<String, usize>,
}

impl Table {
    pub fn get_index(&self, k: &str) -> Option<usize> {
        self.index.get(k).copied()
    }

    pub fn contains(&self, k: &str) -> bool {
        self.index.contains_key(k)
    }

    pub fn insert(&mut self, k: String, v: Node) -> usize {
        let i = self.entries.len();
        self.index.insert(k.clone(), i);
        self.entries.push((k, v));
        i
    }
}

pub const FROZEN: u8 = 1;
pub const EXPLICIT_NEST: u8 = 2;

/// The flags of a key and its sub-keys.
#[derive(Default)]
struct FlagNode {
    flags: u8,
    recursive: u8,
    nested: BTreeMap<String, FlagNode>,
}

#[derive(Default)]
pub struct Flags {
    root: BTreeMap<String, FlagNode>,
    pending: Vec<(Vec<String>, u8)>,
}

impl Flags {
    pub fn add_pending(&mut self, key: &[String], flag: u8) {
        self.pending.push((key.to_vec(), flag));
    }

    pub fn finalize_pending(&mut self) {
        for (key, flag) in std::mem::take(&mut self.pending) {
            self.set(&key, flag, false);
        }
    }

    pub fn unset_all(&mut self, key: &[String]) {
        let mut cont = &mut self.root;
        for k in &key[..key.len() - 1] {
            match cont.get_mut(k) {
                Some(n) => cont = &mut n.nested,
                None => return,
            }
        }
        cont.remove(&key[key.len() - 1]);
    }

    pub fn set(&mut self, key: &[String], flag: u8, recursive: bool) {
        let mut cont = &mut self.root;
        for k in &key[..key.len() - 1] {
            cont = &mut cont.entry(k.clone()).or_default().nested;
        }
        let node = cont.entry(key[key.len() - 1].clone()).or_default();
        if recursive {
            node.recursive |= flag;
        } else {
            node.flags |= flag;
        }
    }

    pub fn is(&self, key: &[String], flag: u8) -> bool {
        if key.is_empty() {
            return false;
        }
        let mut cont = &self.root;
        for k in &key[..key.len() - 1] {
            let Some(inner) = cont.get(k) else {
                return false;
            };
            if inner.recursive & flag != 0 {
                return true;
            }
            cont = &inner.nested;
        }
        match cont.get(&key[key.len() - 1]) {
            Some(n) => (n.flags | n.recursive) & flag != 0,
            None => false,
        }
    }
}

/// The table at `key`, created as needed; `Err` when a non-table is in
/// the way ("Cannot overwrite a value").
pub fn get_or_create_nest<'a>(
    root: &'a mut Table,
    key: &[String],
    access_lists: bool,
) -> Result<&'a mut Table, ()> {
    let mut cont = root;
    for k in key {
        let i = match cont.get_index(k) {
            Some(i) => i,
            None => cont.insert(k.clone(), Node::Table(Table::default())),
        };
        let mut node = &mut cont.entries[i].1;
        if access_lists {
            if let Node::Array(items) = node {
                node = items.last_mut().ok_or(())?;
            }
        }
        match node {
            Node::Table(t) => cont = t,
            _ => return Err(()),
        }
    }
    Ok(cont)
}

pub fn append_nest_to_list(root: &mut Table, key: &[String]) -> Result<(), ()> {
    let cont = get_or_create_nest(root, &key[..key.len() - 1], true)?;
    let last = &key[key.len() - 1];
    match cont.get_index(last) {
        Some(i) => match &mut cont.entries[i].1 {
            Node::Array(items) => items.push(Node::Table(Table::default())),
            _ => return Err(()),
        },
        None => {
            cont.insert(
                last.clone(),
                Node::Array(vec![Node::Table(Table::default())]),
            );
        }
    }
    Ok(())
}
