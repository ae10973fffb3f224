//! [`MemFs`]: a writable file system in host memory, with a byte cap.
//!
//! It has regular files and directories only (no links, so a path means
//! what it says). What it holds counts against its capacity: every file's
//! content, plus [`ENTRY_BYTES`] and the name's length for each file or
//! directory, so a million empty files fill it too. A write that would go
//! past the capacity fails whole with `OSError: [Errno 28] No space left on
//! device`, leaving the file as it was.
//!
//! A `MemFs` is a handle: clones share one tree. Give a run a fresh one to
//! have it discarded with the run, or keep a clone to read what the program
//! wrote (through [`FileSystem`]) and to hand the same files to later runs.
//!
//! The tree is an arena of nodes with no recursion anywhere (lookups walk,
//! nothing is freed recursively), so however deep a program nests
//! directories the host's stack is safe; paths longer than
//! [`MAX_PATH_BYTES`](crate::MAX_PATH_BYTES) are refused before they get here.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::error::ExternalError;
use crate::os_clock::Clock;
use crate::os_error::Errno;
use crate::os_fs::{check_path, components, FileKind, FileStat, FileSystem};

/// What each file or directory costs besides its name and content, in bytes
/// of capacity.
pub const ENTRY_BYTES: u64 = 64;

/// A file system in memory with a byte cap; clones share the same files.
#[derive(Clone)]
pub struct MemFs {
    tree: Arc<Mutex<Tree>>,
}

type NodeId = u64;
const ROOT: NodeId = 0;

struct Node {
    kind: NodeKind,
    mtime: f64,
}

enum NodeKind {
    File(Vec<u8>),
    Dir(BTreeMap<String, NodeId>),
}

struct Tree {
    nodes: HashMap<NodeId, Node>,
    next_id: NodeId,
    used: u64,
    capacity: u64,
    clock: Clock,
}

impl MemFs {
    /// An empty file system (just `/`) that holds at most `capacity` bytes
    /// (see the module doc for what counts); its files are stamped with
    /// time 0 unless [`MemFs::clock`] says otherwise.
    pub fn new(capacity: u64) -> MemFs {
        let mut nodes = HashMap::new();
        nodes.insert(
            ROOT,
            Node {
                kind: NodeKind::Dir(BTreeMap::new()),
                mtime: 0.0,
            },
        );
        MemFs {
            tree: Arc::new(Mutex::new(Tree {
                nodes,
                next_id: ROOT + 1,
                used: 0,
                capacity,
                clock: Clock::Denied,
            })),
        }
    }

    /// Stamps modification times from `clock` (a denied clock stamps 0).
    pub fn clock(self, clock: Clock) -> MemFs {
        self.lock().clock = clock;
        self
    }

    /// The capacity in bytes.
    pub fn capacity(&self) -> u64 {
        self.lock().capacity
    }

    /// The bytes used, as counted against the capacity.
    pub fn used_bytes(&self) -> u64 {
        self.lock().used
    }

    fn lock(&self) -> MutexGuard<'_, Tree> {
        // A panic elsewhere cannot leave the tree half-changed: every
        // operation checks before it changes anything.
        self.tree.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl fmt::Debug for MemFs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tree = self.lock();
        f.debug_struct("MemFs")
            .field("used", &tree.used)
            .field("capacity", &tree.capacity)
            .field("nodes", &tree.nodes.len())
            .finish()
    }
}

/// A path resolved lexically: its components, `..` applied.
fn normalize(path: &str) -> Result<Vec<&str>, ExternalError> {
    check_path(path)?;
    let mut out = Vec::new();
    for c in components(path) {
        if c == ".." {
            // above the root is outside this file system
            out.pop().ok_or_else(|| Errno::Acces.error())?;
        } else {
            out.push(c);
        }
    }
    Ok(out)
}

fn entry_cost(name: &str) -> u64 {
    ENTRY_BYTES + name.len() as u64
}

impl Tree {
    fn node(&self, id: NodeId) -> &Node {
        &self.nodes[&id]
    }

    fn entries(&self, id: NodeId) -> Option<&BTreeMap<String, NodeId>> {
        match &self.node(id).kind {
            NodeKind::Dir(entries) => Some(entries),
            NodeKind::File(_) => None,
        }
    }

    fn entries_mut(&mut self, id: NodeId) -> &mut BTreeMap<String, NodeId> {
        match &mut self.nodes.get_mut(&id).expect("node").kind {
            NodeKind::Dir(entries) => entries,
            NodeKind::File(_) => unreachable!("checked to be a directory"),
        }
    }

    /// The node a path names.
    fn lookup(&self, path: &[&str]) -> Result<NodeId, ExternalError> {
        let mut id = ROOT;
        for name in path {
            let entries = self.entries(id).ok_or_else(|| Errno::NotDir.error())?;
            id = *entries.get(*name).ok_or_else(|| Errno::NoEnt.error())?;
        }
        Ok(id)
    }

    /// The directory holding the last component of a non-root path.
    fn parent<'p>(&self, path: &[&'p str]) -> Result<(NodeId, &'p str), ExternalError> {
        let (name, dirs) = path.split_last().expect("not the root");
        let id = self.lookup(dirs)?;
        if self.entries(id).is_none() {
            return Err(Errno::NotDir.error());
        }
        Ok((id, name))
    }

    /// The node named `name` in directory `parent`, else `ENOENT`.
    fn child(&self, parent: NodeId, name: &str) -> Result<NodeId, ExternalError> {
        let entries = self.entries(parent).expect("dir");
        entries
            .get(name)
            .copied()
            .ok_or_else(|| Errno::NoEnt.error())
    }

    fn charge(&mut self, more: u64) -> Result<(), ExternalError> {
        match self.used.checked_add(more) {
            Some(total) if total <= self.capacity => {
                self.used = total;
                Ok(())
            }
            _ => Err(Errno::NoSpc.error()),
        }
    }

    fn now(&self) -> f64 {
        self.clock.now().unwrap_or(0.0)
    }

    /// Adds a node named `name` to directory `parent` (already charged).
    fn insert(&mut self, parent: NodeId, name: &str, kind: NodeKind) -> NodeId {
        let id = self.next_id;
        self.next_id += 1;
        let mtime = self.now();
        self.nodes.insert(id, Node { kind, mtime });
        self.entries_mut(parent).insert(name.to_owned(), id);
        self.touch(parent);
        id
    }

    /// Removes entry `name` (a file or an empty directory) from `parent`
    /// and frees what it cost.
    fn remove(&mut self, parent: NodeId, name: &str) {
        let id = self.entries_mut(parent).remove(name).expect("entry");
        let node = self.nodes.remove(&id).expect("node");
        let size = match node.kind {
            NodeKind::File(data) => data.len() as u64,
            NodeKind::Dir(_) => 0,
        };
        self.used -= entry_cost(name) + size;
        self.touch(parent);
    }

    fn touch(&mut self, id: NodeId) {
        let now = self.now();
        self.nodes.get_mut(&id).expect("node").mtime = now;
    }
}

impl FileSystem for MemFs {
    fn stat(&self, path: &str) -> Result<FileStat, ExternalError> {
        let path = normalize(path)?;
        let tree = self.lock();
        let node = tree.node(tree.lookup(&path)?);
        Ok(match &node.kind {
            NodeKind::File(data) => FileStat {
                kind: FileKind::File,
                size: data.len() as u64,
                mtime: node.mtime,
                mode: 0o100_644,
            },
            NodeKind::Dir(_) => FileStat {
                kind: FileKind::Dir,
                size: 0,
                mtime: node.mtime,
                mode: 0o040_755,
            },
        })
    }

    fn read(&self, path: &str) -> Result<Vec<u8>, ExternalError> {
        let path = normalize(path)?;
        let tree = self.lock();
        match &tree.node(tree.lookup(&path)?).kind {
            NodeKind::File(data) => Ok(data.clone()),
            NodeKind::Dir(_) => Err(Errno::IsDir.error()),
        }
    }

    fn write(&self, path: &str, data: &[u8], append: bool) -> Result<(), ExternalError> {
        let path = normalize(path)?;
        if path.is_empty() {
            return Err(Errno::IsDir.error());
        }
        let mut tree = self.lock();
        let (parent, name) = tree.parent(&path)?;
        let existing = tree.entries(parent).expect("dir").get(name).copied();
        match existing {
            Some(id) => {
                let old = match &tree.node(id).kind {
                    NodeKind::File(old) => old.len() as u64,
                    NodeKind::Dir(_) => return Err(Errno::IsDir.error()),
                };
                let new = if append { old } else { 0 } + data.len() as u64;
                if new > old {
                    tree.charge(new - old)?;
                } else {
                    tree.used -= old - new;
                }
                let now = tree.now();
                let node = tree.nodes.get_mut(&id).expect("node");
                node.mtime = now;
                if let NodeKind::File(content) = &mut node.kind {
                    if !append {
                        content.clear();
                    }
                    content.extend_from_slice(data);
                }
            }
            None => {
                tree.charge(entry_cost(name) + data.len() as u64)?;
                tree.insert(parent, name, NodeKind::File(data.to_vec()));
            }
        }
        Ok(())
    }

    fn list(&self, path: &str) -> Result<Vec<String>, ExternalError> {
        let path = normalize(path)?;
        let tree = self.lock();
        let entries = tree
            .entries(tree.lookup(&path)?)
            .ok_or_else(|| Errno::NotDir.error())?;
        Ok(entries.keys().cloned().collect())
    }

    fn mkdir(&self, path: &str, parents: bool, exist_ok: bool) -> Result<(), ExternalError> {
        let path = normalize(path)?;
        let mut tree = self.lock();
        let mut id = ROOT;
        for (i, name) in path.iter().enumerate() {
            let last = i + 1 == path.len();
            let entries = tree.entries(id).ok_or_else(|| Errno::NotDir.error())?;
            match entries.get(*name).copied() {
                Some(child) if last => {
                    return match tree.entries(child) {
                        Some(_) if exist_ok => Ok(()),
                        _ => Err(Errno::Exist.error()),
                    };
                }
                Some(child) => id = child,
                None if last || parents => {
                    tree.charge(entry_cost(name))?;
                    id = tree.insert(id, name, NodeKind::Dir(BTreeMap::new()));
                }
                None => return Err(Errno::NoEnt.error()),
            }
        }
        if path.is_empty() && !exist_ok {
            return Err(Errno::Exist.error());
        }
        Ok(())
    }

    fn remove_file(&self, path: &str) -> Result<(), ExternalError> {
        let path = normalize(path)?;
        if path.is_empty() {
            return Err(Errno::IsDir.error());
        }
        let mut tree = self.lock();
        let (parent, name) = tree.parent(&path)?;
        let id = tree.child(parent, name)?;
        if tree.entries(id).is_some() {
            return Err(Errno::IsDir.error());
        }
        tree.remove(parent, name);
        Ok(())
    }

    fn remove_dir(&self, path: &str) -> Result<(), ExternalError> {
        let path = normalize(path)?;
        if path.is_empty() {
            return Err(Errno::Busy.error());
        }
        let mut tree = self.lock();
        let (parent, name) = tree.parent(&path)?;
        let id = tree.child(parent, name)?;
        match tree.entries(id) {
            None => return Err(Errno::NotDir.error()),
            Some(entries) if !entries.is_empty() => return Err(Errno::NotEmpty.error()),
            Some(_) => {}
        }
        tree.remove(parent, name);
        Ok(())
    }

    fn rename(&self, from: &str, to: &str) -> Result<(), ExternalError> {
        let from = normalize(from)?;
        let to = normalize(to)?;
        if from.is_empty() || to.is_empty() {
            return Err(Errno::Busy.error());
        }
        let mut tree = self.lock();
        let (from_parent, from_name) = tree.parent(&from)?;
        let moved = tree.child(from_parent, from_name)?;
        let (to_parent, to_name) = tree.parent(&to)?;
        if from == to {
            return Ok(());
        }
        let moved_is_dir = tree.entries(moved).is_some();
        if moved_is_dir && to.starts_with(&from) {
            // a directory cannot move into itself
            return Err(Errno::Inval.error());
        }
        let replaced = tree.entries(to_parent).expect("dir").get(to_name).copied();
        if let Some(target) = replaced {
            match (moved_is_dir, tree.entries(target)) {
                (false, Some(_)) => return Err(Errno::IsDir.error()),
                (true, None) => return Err(Errno::NotDir.error()),
                (true, Some(entries)) if !entries.is_empty() => return Err(Errno::NotEmpty.error()),
                _ => {}
            }
        }
        // The new name may cost more than the old one (and than what it
        // replaces): check before changing anything.
        let freed = entry_cost(from_name)
            + replaced.map_or(0, |target| {
                entry_cost(to_name)
                    + match &tree.node(target).kind {
                        NodeKind::File(data) => data.len() as u64,
                        NodeKind::Dir(_) => 0,
                    }
            });
        let added = entry_cost(to_name);
        if added > freed && tree.used + (added - freed) > tree.capacity {
            return Err(Errno::NoSpc.error());
        }
        if replaced.is_some() {
            tree.remove(to_parent, to_name);
        }
        tree.entries_mut(from_parent).remove(from_name);
        tree.used -= entry_cost(from_name);
        tree.used += added;
        tree.entries_mut(to_parent)
            .insert(to_name.to_owned(), moved);
        tree.touch(from_parent);
        tree.touch(to_parent);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_directories() {
        let fs = MemFs::new(1 << 20);
        fs.mkdir("out", false, false).unwrap();
        fs.write("out/a.txt", b"hello", false).unwrap();
        fs.write("out/a.txt", b" world", true).unwrap();
        assert_eq!(fs.read("/out/a.txt").unwrap(), b"hello world");
        assert_eq!(fs.list("out").unwrap(), ["a.txt"]);
        assert_eq!(fs.stat("out/a.txt").unwrap().size, 11);
        assert_eq!(fs.stat("out").unwrap().kind, FileKind::Dir);
        assert_eq!(
            fs.used_bytes(),
            11 + entry_cost("out") + entry_cost("a.txt")
        );
        fs.rename("out/a.txt", "b.txt").unwrap();
        assert_eq!(fs.list("").unwrap(), ["b.txt", "out"]);
        fs.remove_dir("out").unwrap();
        fs.remove_file("b.txt").unwrap();
        assert_eq!(fs.used_bytes(), 0);
    }

    #[test]
    fn errors_are_the_os_ones() {
        let fs = MemFs::new(1 << 20);
        fs.write("f", b"x", false).unwrap();
        fs.mkdir("d/e", true, false).unwrap();
        assert_eq!(fs.read("nope").unwrap_err(), Errno::NoEnt.error());
        assert_eq!(fs.read("d").unwrap_err(), Errno::IsDir.error());
        assert_eq!(fs.read("f/x").unwrap_err(), Errno::NotDir.error());
        assert_eq!(
            fs.write("no/x", b"", false).unwrap_err(),
            Errno::NoEnt.error()
        );
        assert_eq!(
            fs.mkdir("d", false, false).unwrap_err(),
            Errno::Exist.error()
        );
        assert_eq!(
            fs.mkdir("f", false, true).unwrap_err(),
            Errno::Exist.error()
        );
        fs.mkdir("d", false, true).unwrap();
        assert_eq!(
            fs.mkdir("x/y", false, false).unwrap_err(),
            Errno::NoEnt.error()
        );
        assert_eq!(fs.remove_dir("d").unwrap_err(), Errno::NotEmpty.error());
        assert_eq!(fs.remove_dir("f").unwrap_err(), Errno::NotDir.error());
        assert_eq!(fs.remove_file("d").unwrap_err(), Errno::IsDir.error());
        assert_eq!(fs.remove_dir("").unwrap_err(), Errno::Busy.error());
        assert_eq!(fs.rename("d", "d/e/f").unwrap_err(), Errno::Inval.error());
        assert_eq!(fs.rename("f", "d").unwrap_err(), Errno::IsDir.error());
        assert_eq!(fs.rename("d", "f").unwrap_err(), Errno::NotDir.error());
        assert_eq!(fs.read("../etc/passwd").unwrap_err(), Errno::Acces.error());
        assert_eq!(fs.read("d/../f").unwrap(), b"x");
    }

    #[test]
    fn the_cap_holds() {
        let fs = MemFs::new(200);
        fs.write("a", &[0; 100], false).unwrap();
        let used = fs.used_bytes();
        assert_eq!(
            fs.write("a", &[0; 200], true).unwrap_err(),
            Errno::NoSpc.error()
        );
        assert_eq!(
            fs.write("b", &[0; 100], false).unwrap_err(),
            Errno::NoSpc.error()
        );
        assert_eq!(fs.used_bytes(), used);
        assert_eq!(fs.read("a").unwrap().len(), 100);
        // shrinking frees
        fs.write("a", b"", false).unwrap();
        assert_eq!(fs.used_bytes(), entry_cost("a"));
    }

    #[test]
    fn clones_share_files() {
        let fs = MemFs::new(1000).clock(Clock::Fixed(5.0));
        let other = fs.clone();
        fs.write("x", b"1", false).unwrap();
        assert_eq!(other.read("x").unwrap(), b"1");
        assert_eq!(other.stat("x").unwrap().mtime, 5.0);
    }
}
